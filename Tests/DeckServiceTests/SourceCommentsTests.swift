import Foundation
import Testing

@testable import DeckService

/// The comments the server takes out of the web app's scripts and style sheets as it serves them: only comments go,
/// whatever strings, template literals and regular expressions hold, and every line break stays.
@Suite struct SourceCommentsTests {
    private func js(_ source: String) -> String {
        String(decoding: SourceComments.strip(Array(source.utf8), language: .javaScript), as: UTF8.self)
    }

    private func css(_ source: String) -> String {
        String(decoding: SourceComments.strip(Array(source.utf8), language: .css), as: UTF8.self)
    }

    @Test func commentsGoAndTheirLinesStay() {
        #expect(js("// a\nlet x = 1; // b\n/** c\n * d\n */\nf();\n") == "\nlet x = 1;\n\n\n\nf();\n")
        #expect(js("a/* x */b") == "a b")
        #expect(js("f(a, /* x */ b)") == "f(a,  b)")
        #expect(js("  // indented\n") == "\n")
    }

    @Test func stringsKeepWhatLooksLikeAComment() {
        #expect(js("const u = 'http://x/*y*/'; // z") == "const u = 'http://x/*y*/';")
        #expect(js("s = \"a // b \\\" /* c\"; /* d */") == "s = \"a // b \\\" /* c\";")
    }

    @Test func templateLiteralsKeepTheirLinesAndNestedCode() {
        let source = "t = `\n// kept\n/* kept */ ${ f({ a: '}' }) /* gone */ } ${`inner // kept ${x}`}`; // gone\n"
        #expect(js(source) == "t = `\n// kept\n/* kept */ ${ f({ a: '}' })  } ${`inner // kept ${x}`}`;\n")
    }

    @Test func regularExpressionsAreToldFromDivisions() {
        #expect(js("x = /\\/\\/[/*]/g.test(y); // c") == "x = /\\/\\/[/*]/g.test(y);")
        #expect(js("if (/^W\\//.test(t)) return /a*/;") == "if (/^W\\//.test(t)) return /a*/;")
        #expect(js("half = a / b / 2; // c") == "half = a / b / 2;")
        #expect(js("r = (a) / 2 / (b) // c") == "r = (a) / 2 / (b)")
        #expect(js("q = x.length / 2; /* c */") == "q = x.length / 2;")
    }

    @Test func styleSheetsLoseOnlyBlockComments() {
        #expect(css("/* a */\nb { c: url(\"//x/*y\"); } /* d\ne */\n") == "\nb { c: url(\"//x/*y\"); }\n\n")
        #expect(css("a { b: 1 } // not a comment in CSS\n") == "a { b: 1 } // not a comment in CSS\n")
    }

    @Test func theAppsOwnFilesKeepEveryLineAndLoseEveryCommentLine() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/RiffleWebApp/Public")
        let walker = try #require(FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil))
        var checked = 0
        for case let url as URL in walker where ["js", "css"].contains(url.pathExtension) {
            let source = try [UInt8](Data(contentsOf: url))
            let stripped = SourceComments.strip(source, language: url.pathExtension == "js" ? .javaScript : .css)
            let name = url.lastPathComponent
            let breaks = { (bytes: [UInt8]) in bytes.count(where: { $0 == UInt8(ascii: "\n") }) }
            #expect(breaks(source) == breaks(stripped), "\(name)")
            let lines = String(decoding: stripped, as: UTF8.self).split(separator: "\n")
            let commentLines = lines.filter {
                let line = $0.drop { $0 == " " }
                // (In CSS a line may start with the universal selector `* `.)
                return line.hasPrefix("//") || line.hasPrefix("/*")
                    || (url.pathExtension == "js" && line.hasPrefix("* "))
            }
            #expect(commentLines.isEmpty, "\(name): \(commentLines.prefix(3))")
            #expect(stripped.count < source.count, "\(name)")
            checked += 1
        }
        #expect(checked >= 15)
    }
}
