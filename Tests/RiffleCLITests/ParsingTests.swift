import ArgumentParser
import Testing

@testable import RiffleCLI

@Suite("Parsing riffle deck and riffle pile")
struct ParsingTests {
    @Test("deck subcommands parse their options")
    func deckParsing() throws {
        let new = try #require(
            try DeckCommand.parseAsRoot(["new", "--shuffle", "--decks", "2", "--jokers", "--cards", "AS,kh"])
                as? DeckCommand.New)
        #expect(new.shuffle && new.jokers && new.decks == 2 && new.cards == "AS,kh")
        let draw = try #require(
            try DeckCommand.parseAsRoot(["draw", "abc123def456", "--count", "3", "--bottom", "--json"])
                as? DeckCommand.Draw)
        #expect(draw.deckID == "abc123def456" && draw.count == 3 && draw.position == .bottom && draw.options.json)
        let shuffle = try #require(
            try DeckCommand.parseAsRoot(["shuffle", "x", "--remaining", "--server", "http://h:1"])
                as? DeckCommand.Shuffle)
        #expect(shuffle.remaining && shuffle.options.server == "http://h:1")
        #expect(try DeckCommand.parseAsRoot(["info", "x"]) is DeckCommand.Info)
        #expect(try DeckCommand.parseAsRoot(["drawn", "x"]) is DeckCommand.Drawn)
        #expect(try DeckCommand.parseAsRoot(["return", "x", "--cards", "AS"]) is DeckCommand.ReturnCards)
    }

    @Test("pile subcommands parse their options")
    func pileParsing() throws {
        let add = try #require(
            try PileCommand.parseAsRoot(["add", "x", "discard", "--cards", "AS,KH"]) as? PileCommand.Add)
        #expect(add.pile == "discard" && add.cards == "AS,KH")
        let draw = try #require(
            try PileCommand.parseAsRoot(["draw", "x", "p", "--count", "2", "--random"]) as? PileCommand.Draw)
        #expect(draw.count == 2 && draw.position == .random)
        #expect(try PileCommand.parseAsRoot(["list", "x", "p"]) is PileCommand.List)
        #expect(try PileCommand.parseAsRoot(["shuffle", "x", "p"]) is PileCommand.Shuffle)
        #expect(try PileCommand.parseAsRoot(["return", "x", "p"]) is PileCommand.ReturnPile)
    }

    @Test(
        "Invalid input is refused before any request",
        arguments: [
            ["draw", "x", "--bottom", "--random"], ["new", "--cards", "AS,ZZ"], ["return", "x", "--cards", ""],
        ])
    func deckValidation(arguments: [String]) {
        #expect(throws: (any Error).self) { try DeckCommand.parseAsRoot(arguments) }
    }

    @Test(
        "Invalid pile input is refused before any request",
        arguments: [
            ["add", "x", "p"], ["add", "x", "bad name", "--cards", "AS"],
            ["draw", "x", "p", "--cards", "AS", "--count", "2"],
            ["draw", "x", "p", "--cards", "AS", "--bottom"],
        ])
    func pileValidation(arguments: [String]) {
        #expect(throws: (any Error).self) { try PileCommand.parseAsRoot(arguments) }
    }
}
