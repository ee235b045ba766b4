/// Takes the comments out of the web app's scripts and style sheets as they are served; the files keep them.
///
/// About a third of the app's gzipped code is comments, and the first visit's budget (120 KB for `/`, the card
/// engine, faces and service worker included) has no room for them. Only comments go: every other byte is kept as
/// it is (no renaming, no reformatting), and so is every line break, so a line number in a stack trace or in the
/// browser's developer tools is the file's own. A line left empty or blank by its comment becomes empty.
///
/// A small scanner tells comments from code: strings, template literals (with `${…}` nested to any depth) and regular
/// expression literals are copied untouched, whatever they contain. A `/` starts a regular expression where an
/// expression may start (after an operator, an opening bracket, a comma, a semicolon, a keyword such as `return`, or
/// at the start of the file), and is a division elsewhere: the rule JavaScript minifiers use.
enum SourceComments {
    /// Which language's comments: JavaScript (`//` and `/* */`) or CSS (`/* */`).
    enum Language {
        case javaScript
        case css
    }

    /// `source` without its comments.
    ///
    /// - Parameters:
    ///   - source: the file's bytes (UTF-8; only ASCII delimiters are looked at).
    ///   - language: how to read it.
    /// - Returns: the bytes with every comment removed, line breaks kept.
    /// - Complexity: O(*n*) for *n* bytes.
    static func strip(_ source: [UInt8], language: Language) -> [UInt8] {
        var scanner = Scanner(source: source, language: language)
        scanner.run()
        return blankLinesEmptied(scanner.output)
    }

    /// Lines that hold only spaces and tabs (what a removed comment leaves) become empty; trailing blanks go.
    private static func blankLinesEmptied(_ bytes: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var lineStart = 0
        for index in 0...bytes.count where index == bytes.count || bytes[index] == UInt8(ascii: "\n") {
            var end = index
            while end > lineStart, bytes[end - 1] == UInt8(ascii: " ") || bytes[end - 1] == UInt8(ascii: "\t") {
                end -= 1
            }
            result.append(contentsOf: bytes[lineStart..<end])
            if index < bytes.count { result.append(UInt8(ascii: "\n")) }
            lineStart = index + 1
        }
        return result
    }

    /// One pass over the source, copying what is not a comment.
    private struct Scanner {
        /// Where the scanner is: in code (inside `${…}` with this many unclosed braces, when nested in a template
        /// literal), or in the literal text of a template literal.
        enum Context {
            case code(braces: Int)
            case template
        }

        let source: [UInt8]
        let language: Language
        var output: [UInt8] = []
        var index = 0
        var contexts: [Context] = [.code(braces: 0)]
        /// The last byte of code copied that is not white space (0 at the start), and the word it ends, if any.
        var lastSignificant: UInt8 = 0
        var lastWord: [UInt8] = []

        init(source: [UInt8], language: Language) {
            self.source = source
            self.language = language
            output.reserveCapacity(source.count)
        }

        mutating func run() {
            while index < source.count {
                switch contexts[contexts.count - 1] {
                case .template: scanTemplateText()
                case .code: scanCode()
                }
            }
        }

        func peek(_ offset: Int = 0) -> UInt8? {
            index + offset < source.count ? source[index + offset] : nil
        }

        mutating func copy(_ count: Int = 1) {
            let end = min(index + count, source.count)
            output.append(contentsOf: source[index..<end])
            index = end
        }

        mutating func scanCode() {
            let byte = source[index]
            switch byte {
            case UInt8(ascii: "'"), UInt8(ascii: "\""):
                copyString(quote: byte)
                noteSignificant(byte)
            case UInt8(ascii: "`") where language == .javaScript:
                copy()
                contexts.append(.template)
            case UInt8(ascii: "/"):
                if peek(1) == UInt8(ascii: "*") {
                    skipBlockComment()
                } else if language == .javaScript, peek(1) == UInt8(ascii: "/") {
                    while let next = peek(), next != UInt8(ascii: "\n") { index += 1 }
                } else if language == .javaScript, regularExpressionMayStart() {
                    copyRegularExpression()
                    noteSignificant(UInt8(ascii: "/"))
                } else {
                    copy()
                    noteSignificant(byte)
                }
            case UInt8(ascii: "{"):
                if case .code(let braces) = contexts[contexts.count - 1], contexts.count > 1 {
                    contexts[contexts.count - 1] = .code(braces: braces + 1)
                }
                copy()
                noteSignificant(byte)
            case UInt8(ascii: "}"):
                copy()
                noteSignificant(byte)
                if case .code(let braces) = contexts[contexts.count - 1], contexts.count > 1 {
                    // The `}` that closes a `${`: back to the template literal's text.
                    if braces == 0 {
                        contexts.removeLast()
                    } else {
                        contexts[contexts.count - 1] = .code(braces: braces - 1)
                    }
                }
            default:
                copy()
                if !Self.isBlank(byte) { noteSignificant(byte) }
            }
        }

        /// The literal text of a template literal, up to its closing backtick or a `${`.
        mutating func scanTemplateText() {
            let byte = source[index]
            if byte == UInt8(ascii: "\\") {
                copy(2)
            } else if byte == UInt8(ascii: "`") {
                copy()
                contexts.removeLast()
                noteSignificant(byte)
            } else if byte == UInt8(ascii: "$"), peek(1) == UInt8(ascii: "{") {
                copy(2)
                contexts.append(.code(braces: 0))
                lastSignificant = UInt8(ascii: "{")
                lastWord = []
            } else {
                copy()
            }
        }

        /// A quoted string, escapes included; an unterminated one ends at its line's end.
        mutating func copyString(quote: UInt8) {
            copy()
            while let byte = peek() {
                if byte == UInt8(ascii: "\\") {
                    copy(2)
                } else if byte == quote {
                    copy()
                    return
                } else if byte == UInt8(ascii: "\n") {
                    return
                } else {
                    copy()
                }
            }
        }

        /// A regular expression literal (a `/` inside a character class does not end it) and its flags.
        mutating func copyRegularExpression() {
            copy()
            var inClass = false
            while let byte = peek(), byte != UInt8(ascii: "\n") {
                if byte == UInt8(ascii: "\\") {
                    copy(2)
                    continue
                }
                copy()
                if byte == UInt8(ascii: "[") {
                    inClass = true
                } else if byte == UInt8(ascii: "]") {
                    inClass = false
                } else if byte == UInt8(ascii: "/"), !inClass {
                    while let flag = peek(), Self.isWordByte(flag) { copy() }
                    return
                }
            }
        }

        /// Skips `/* … */`, keeping its line breaks; a comment within a line leaves a space where one is needed.
        mutating func skipBlockComment() {
            index += 2
            var lineBreaks = 0
            while index < source.count {
                if source[index] == UInt8(ascii: "*"), peek(1) == UInt8(ascii: "/") {
                    index += 2
                    break
                }
                if source[index] == UInt8(ascii: "\n") { lineBreaks += 1 }
                index += 1
            }
            if lineBreaks > 0 {
                output.append(contentsOf: repeatElement(UInt8(ascii: "\n"), count: lineBreaks))
            } else if let before = output.last, !Self.isBlank(before), let after = peek(), !Self.isBlank(after) {
                output.append(UInt8(ascii: " "))
            }
        }

        /// Whether a `/` here starts a regular expression rather than a division.
        func regularExpressionMayStart() -> Bool {
            if lastSignificant == 0 { return true }
            if Self.isWordByte(lastSignificant) {
                return Self.keywordsBeforeExpressions.contains(lastWord)
            }
            return !Self.endsOperand.contains(lastSignificant)
        }

        mutating func noteSignificant(_ byte: UInt8) {
            if Self.isWordByte(byte) {
                if !Self.isWordByte(lastSignificant) || output.count < 2 || Self.isBlank(output[output.count - 2]) {
                    lastWord = []
                }
                lastWord.append(byte)
            } else {
                lastWord = []
            }
            lastSignificant = byte
        }

        static func isBlank(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
                || byte == UInt8(ascii: "\r")
        }

        static func isWordByte(_ byte: UInt8) -> Bool {
            (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
                || byte == UInt8(ascii: "$") || byte >= 0x80
        }

        /// What can end an operand (besides a word), so that a `/` after it divides: a closing bracket, a string's
        /// quote, a template literal's backtick.
        static let endsOperand: Set<UInt8> = [
            UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "`"),
        ]

        /// Words after which an expression (so a regular expression) may start.
        static let keywordsBeforeExpressions: Set<[UInt8]> = Set(
            ["return", "typeof", "case", "do", "else", "in", "of", "new", "delete", "void", "throw", "yield", "await"]
                .map { Array($0.utf8) })
    }
}
