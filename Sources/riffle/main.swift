import RiffleCLI

await RiffleCommand.runAsRoot()
