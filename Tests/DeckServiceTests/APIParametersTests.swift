import PlayingCards
import Testing

@testable import DeckService

@Suite struct APIParametersTests {
    @Test func lastValueWinsAndBodyOverridesQuery() {
        let parameters = APIParameters(query: "count=1&count=3&cards=AS", formBody: "count=5")
        #expect(parameters["count"] == "5")
        #expect(parameters["cards"] == "AS")
    }

    @Test func valuesArePercentDecoded() throws {
        let parameters = APIParameters(query: "cards=AS%2CKH%2c0d&name=a+b&bad=%zz%4")
        #expect(try parameters.cards()?.map(\.code) == ["AS", "KH", "0D"])
        #expect(parameters["name"] == "a b")
        #expect(parameters["bad"] == "%zz%4")
    }

    @Test func integersDefaultToOne() throws {
        #expect(try APIParameters(query: nil).count() == 1)
        #expect(try APIParameters(query: "count=0").count() == 0)
        #expect(try APIParameters(query: "deck_count=-2").integer("deck_count") == -2)
    }

    @Test(arguments: ["abc", "", "2.5", "undefined", " 1", "1e3", "--1", "-", "99999999999999999999"])
    func nonIntegersAreRefusedNamingTheParameter(value: String) {
        #expect {
            try APIParameters(query: "count=" + value).count()
        } throws: { error in
            let apiError = error as? APIError
            return apiError?.status == .badRequest && apiError?.message.contains("'count'") == true
        }
    }

    @Test func negativeCountsAreRefused() {
        #expect(throws: APIError.self) { try APIParameters(query: "count=-1").count() }
    }

    @Test func booleansAcceptTrueAndFalseInAnyCase() {
        #expect(APIParameters(query: "jokers_enabled=TRUE").boolean("jokers_enabled") == true)
        #expect(APIParameters(query: "jokers_enabled=False").boolean("jokers_enabled") == false)
        #expect(APIParameters(query: "jokers_enabled=1").boolean("jokers_enabled") == nil)
        #expect(APIParameters(query: "remaining=true").boolean("remaining") == true)
    }

    @Test func cardListsAreBounded() throws {
        #expect(try APIParameters(query: "cards=").cards() == nil)
        #expect(try APIParameters(query: "cards=ZZ").cards() == [])
        let justRight = Array(repeating: "AS", count: 1_100).joined(separator: ",")
        #expect(try APIParameters(query: "cards=" + justRight).cards()?.count == 1_100)
        #expect(throws: APIError.self) { try APIParameters(query: "cards=" + justRight + ",KH").cards() }
    }
}
