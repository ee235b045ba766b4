import RiffleCLI

await RiffleCommand.main()
