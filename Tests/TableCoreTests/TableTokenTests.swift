import Testing

@testable import TableCore

@Suite struct TableTokenTests {
    @Test func tokensAreLongRandomAndURLSafe() {
        let tokens = (0..<1_000).map { _ in TableToken.generate() }
        #expect(Set(tokens).count == 1_000)
        #expect(tokens.allSatisfy { TableToken.isWellFormed($0) })
        // 43 characters of a 64-letter alphabet: 258 bits of text carrying 256 random bits.
        #expect(tokens.allSatisfy { $0.utf8.count == 43 })
        let letters = Set(tokens.joined())
        #expect(letters.count == 64)
        // Never a leading "-", which a command line would read as an option (`--token -x…`).
        #expect(!tokens.contains { $0.hasPrefix("-") })
    }

    @Test func base64URLMatchesRFC4648() {
        #expect(TableToken.base64URL(Array("".utf8)) == "")
        #expect(TableToken.base64URL(Array("f".utf8)) == "Zg")
        #expect(TableToken.base64URL(Array("fo".utf8)) == "Zm8")
        #expect(TableToken.base64URL(Array("foo".utf8)) == "Zm9v")
        #expect(TableToken.base64URL(Array("foobar".utf8)) == "Zm9vYmFy")
        #expect(TableToken.base64URL([0xfb, 0xff, 0xbf]) == "-_-_")
    }

    @Test func hashesAreSHA256() {
        // FIPS 180-2 test vector: SHA-256("abc").
        let hex = TableToken.hash("abc").map {
            String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16)
        }
        #expect(hex.joined() == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    @Test func malformedAuthorizationIsNeverASpectator() {
        let token = TableToken.generate()
        guard case .token = Caller(authorization: "Bearer " + token) else { Issue.record("not read"); return }
        guard case .token = Caller(authorization: "bearer  " + token + " ") else { Issue.record("not read"); return }
        guard case .token = Caller(authorization: nil, queryToken: token) else { Issue.record("not read"); return }
        guard case .spectator = Caller(authorization: nil) else { Issue.record("not a spectator"); return }
        guard case .token = Caller(authorization: "BEARER " + token) else { Issue.record("not read"); return }
        guard case .token = Caller(authorization: "bEaReR " + token) else { Issue.record("not read"); return }
        guard case .token = Caller(authorization: "  Bearer \t" + token + "\t ") else {
            Issue.record("not read")
            return
        }
        let lookalikes = ["Bearerr ", "Beare ", "Bear\u{0}r ", "Be@rer ", "Bearer\t", "B\u{E9}arer ", "Bea\u{0C}er "]
        for header in ["Bearer", "Bearer ", "Basic " + token, token, "Bearer " + token + "x", "Bearer a b"]
            + lookalikes.map({ $0 + token })
        {
            guard case .malformed = Caller(authorization: header) else {
                Issue.record("accepted \(header)")
                continue
            }
        }
        guard case .malformed = Caller(authorization: nil, queryToken: "") else { Issue.record("empty"); return }
    }
}
