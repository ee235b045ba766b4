import DeckStorage
import PostgresDeckStorage
import PostgresNIO
import Testing

/// What a `postgres://` URL sets, and what it refuses (no database needed).
@Suite struct PostgresConnectionURLTests {
    @Test func thePoolKeepsTwoConnectionsOpenAndSixteenAtMostByDefault() throws {
        let url = try PostgresConnectionURL("postgres://riffle:secret@db.example:6543/decks")
        #expect(url.configuration.options.maximumConnections == 16)
        #expect(url.configuration.options.minimumConnections == 2)
        #expect(url.redacted == "postgres://riffle@db.example:6543/decks", "the password stays out of logs")
        let two = try PostgresConnectionURL("postgres://riffle@127.0.0.1/decks?pool_size=2&schema=riffle_a")
        #expect(two.configuration.options.maximumConnections == 2)
        #expect(two.schema == "riffle_a")
    }

    /// A server holds one connection for `LISTEN` while it runs: a pool of one would leave none for
    /// its requests, which would then wait forever.
    @Test(arguments: ["1", "0", "201", "-3", "many", ""])
    func aPoolSizeOutsideTwoToTwoHundredIsRefused(_ size: String) {
        #expect {
            _ = try PostgresConnectionURL("postgres://riffle@127.0.0.1/decks?pool_size=\(size)")
        } throws: { error in
            String(describing: error).contains("pool_size must be 2…200")
        }
    }

    @Test(arguments: [
        ("mysql://riffle@127.0.0.1/decks", "not a postgres://"),
        ("postgres://127.0.0.1/decks", "names no user"),
        ("postgres://riffle@127.0.0.1/decks?sslmode=sometimes", "unknown sslmode"),
        ("postgres://riffle@127.0.0.1/decks?schema=Bad-Name", "schema must match"),
    ])
    func aMalformedURLIsRefusedSayingWhy(_ url: String, _ reason: String) {
        #expect {
            _ = try PostgresConnectionURL(url)
        } throws: { error in
            String(describing: error).contains(reason)
        }
    }
}
