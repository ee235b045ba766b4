import HTTPTypes
import PlayingCards
import Testing

@testable import TableCore

@Suite struct APIParametersTests {
    @Test func lastValueWinsAndANameWithoutValueIsEmpty() {
        let parameters = APIParameters(encoded: "count=1&count=3&cards=AS&cards&&jokers_enabled")
        #expect(parameters["count"] == "3")
        #expect(parameters["cards"] == "")
        #expect(parameters["jokers_enabled"] == "")
        #expect(parameters["remaining"] == nil)
    }

    @Test func valuesArePercentDecoded() throws {
        let parameters = APIParameters(encoded: "cards=AS%2CKH%2c0d&name=a+b&bad=%zz%4")
        #expect(try parameters.cards()?.map(\.code) == ["AS", "KH", "0D"])
        #expect(parameters["name"] == "a b")
        #expect(parameters["bad"] == "%zz%4")
    }

    @Test func aPairSplitsAtItsFirstEqualsSign() {
        let parameters = APIParameters(encoded: "a=b=c&=empty&%3D=%3d&plain=text")
        #expect(parameters["a"] == "b=c")
        #expect(parameters[""] == "empty")
        #expect(parameters["="] == "=")
        #expect(parameters["plain"] == "text")
        let unicode = APIParameters(encoded: "&&n\u{e9}=\u{1F0A1}&&")
        #expect(unicode["n\u{e9}"] == "\u{1F0A1}")
    }

    @Test func integersDefaultToOne() throws {
        #expect(try APIParameters(encoded: nil).count() == 1)
        #expect(try APIParameters(encoded: "count=0").count() == 0)
        #expect(try APIParameters(encoded: "deck_count=-2").integer("deck_count") == -2)
    }

    /// Python's `int()`: whitespace around, one sign, single underscores between digits, any
    /// script's decimal digits; values beyond `Int` saturate so range checks still apply.
    @Test(arguments: [
        ("%201%20", 1), ("+2", 2), ("%2B2", 2), ("-0", 0), ("007", 7), ("1_0", 10), ("1_000_000", 1_000_000),
        ("%091%0A", 1), ("%0B%0C1%0D", 1), ("%C2%A03%E3%80%80", 3), ("%E2%80%A81%C2%85", 1), ("%EF%BC%92", 2),
        ("-%D9%A3", -3),
        ("99999999999999999999999", Int.max), ("-99999999999999999999999", Int.min),
    ])
    func integersAreReadAsPythonReadsThem(text: String, value: Int) throws {
        #expect(try APIParameters(encoded: "deck_count=" + text).integer("deck_count") == value)
    }

    @Test(arguments: [
        "abc", "", "2.5", "undefined", "1e3", "--1", "-", "%2B", "1__0", "_1", "1_", "%2B_1", "%2B%201", "1%200",
        "0x10", "%E2%80%8B1", "%C2%BD", "%C2%B2", "%1C1", "1%1F",
    ])
    func nonIntegersAreRefusedNamingTheParameter(value: String) {
        #expect {
            try APIParameters(encoded: "count=" + value).count()
        } throws: { error in
            let apiError = error as? APIError
            return apiError?.status == .badRequest && apiError?.message.contains("'count'") == true
        }
    }

    @Test func negativeAndHugeCountsAreRefused() throws {
        #expect(throws: APIError.self) { try APIParameters(encoded: "count=-1").count() }
        #expect(throws: APIError.self) { try APIParameters(encoded: "count=1000001").count() }
        #expect(try APIParameters(encoded: "count=1000000").count() == 1_000_000)
    }

    @Test func booleansAcceptTrueAndFalseInAnyCase() {
        #expect(APIParameters(encoded: "jokers_enabled=TRUE").boolean("jokers_enabled") == true)
        #expect(APIParameters(encoded: "jokers_enabled=False").boolean("jokers_enabled") == false)
        #expect(APIParameters(encoded: "jokers_enabled=1").boolean("jokers_enabled") == nil)
        #expect(APIParameters(encoded: "remaining=true").boolean("remaining") == true)
    }

    @Test func cardListsAreBounded() throws {
        #expect(try APIParameters(encoded: nil).cards() == nil)
        #expect(try APIParameters(encoded: "cards=").cards() == [])
        #expect(try APIParameters(encoded: "cards=ZZ").cards() == [])
        let justRight = Array(repeating: "AS", count: 1_100).joined(separator: ",")
        #expect(try APIParameters(encoded: "cards=" + justRight).cards()?.count == 1_100)
        #expect(throws: APIError.self) { try APIParameters(encoded: "cards=" + justRight + ",KH").cards() }
    }
}
