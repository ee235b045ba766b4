import HTTPTypes

extension HTTPFields {
    /// A field's value as the name subscript gives it (repeated fields joined with commas), without
    /// building a new string in the usual case of one field: a player's every request carries its
    /// token, and the subscript's joining was about 1% of a seated draw's server time.
    func value(of name: HTTPField.Name) -> String? {
        var found: String?
        for field in self where field.name == name {
            if found != nil { return self[name] }
            found = field.value
        }
        return found
    }
}
