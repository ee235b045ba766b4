import DeckClient
import Foundation
import RiffleTestSupport

extension DeckOfCardsClient {
    /// A client whose server is `fixture`'s scripted answers, acting as `player` (a spectator when `nil`).
    static func serving(_ fixture: RoundFixture, as player: String? = nil) -> (DeckOfCardsClient, RequestLog) {
        let transport = FakeTransport { request, _ in
            let answer = fixture.answer(to: request.url, authorization: request.headers["Authorization"])
            return HTTPResponse(
                status: answer.status, headers: ["Content-Type": "application/json"], body: Data(answer.body.utf8))
        }
        let client = DeckOfCardsClient.fake(transport).withPlayer(
            player.map { PlayerToken(RoundFixture.token(for: $0)) })
        return (client, transport.log)
    }

    /// A client whose server answers every request with `json` (a history page, deck info, …).
    static func answering(_ json: String, status: Int = 200) -> DeckOfCardsClient {
        DeckOfCardsClient.fake(FakeTransport(status: status, json: json))
    }
}
