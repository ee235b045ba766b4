/// The value of an unlabelled gauge in `/metrics` text, or `nil` when the text has no such line.
func gauge(_ name: String, in metrics: String) -> Int? {
    metrics.split(separator: "\n").first { $0.hasPrefix(name + " ") }
        .flatMap { Double($0.split(separator: " ").last ?? "") }
        .map { Int($0) }
}
