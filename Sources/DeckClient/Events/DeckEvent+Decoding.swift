import Foundation
import PlayingCards

extension DeckEvent {
    /// Reads a deck event from one Server-Sent Event of the deck's stream.
    ///
    /// - Parameter event: the stream's event: its id, type and JSON data.
    /// - Throws: ``DeckClientError/Code/decodingFailed`` naming the field when the data is not a deck event.
    public init(_ event: ServerSentEvent) throws {
        // No id yet (a deck's `hello` before its first change) is change 0.
        guard let id = event.lastEventID.isEmpty ? 0 : Int(event.lastEventID) else {
            throw DeckClientError(
                code: .decodingFailed, message: "The event has the id \"\(event.lastEventID)\", not a change number.")
        }
        let body = Data(event.data.utf8)
        let decoder = JSONDecoder()
        if let order = JSONKeyOrder.keys(ofObjectAt: "piles", in: body) {
            decoder.userInfo[.pileNameOrder] = order
        }
        let payload: Payload
        do {
            payload = try decoder.decode(Payload.self, from: body)
        } catch {
            throw DeckOfCardsClient.decodingError(error, status: 200)
        }
        self.init(
            id: id, kind: Kind(event.type), deckID: payload.deckID, remaining: payload.remaining,
            piles: payload.piles, moved: payload.moved, player: payload.player)
        removedPiles = payload.removedPiles
        carriesPlayers = payload.hasPlayers
        carriesTurn = payload.hasTurn
        if carriesPlayers || carriesTurn {
            do {
                people = try decoder.decode(TablePeople.self, from: body)
            } catch {
                throw DeckOfCardsClient.decodingError(error, status: 200)
            }
        }
        online = payload.online
        if let pile = payload.pile, let face = payload.face {
            turnedPile = TurnedPile(pile: pile, faceDown: face == "down", cards: payload.cards?.map(\.card) ?? [])
        }
    }

    /// The `data:` JSON of an event.
    private struct Payload: Decodable {
        var deckID: String
        var remaining: Int
        var piles: [PileSummary]
        var removedPiles: [String]
        var moved: [Move]
        var player: String?
        var hasPlayers: Bool
        var hasTurn: Bool
        var online: Bool?
        var pile: String?
        var face: String?
        var cards: [Move.MovedCard]?

        private enum CodingKeys: String, CodingKey {
            case deckID = "deck_id"
            case remaining, piles, moved, player, players, online, pile, face, cards
            case removedPiles = "removed_piles"
            case strictTurns = "strict_turns"
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            deckID = try container.decode(String.self, forKey: .deckID)
            remaining = try container.decode(Int.self, forKey: .remaining)
            piles =
                container.contains(.piles)
                ? try PileSummary.decodePiles(from: container, forKey: .piles, decoder: decoder) : []
            removedPiles = try container.decodeIfPresent([String].self, forKey: .removedPiles) ?? []
            moved = try container.decodeIfPresent([Move].self, forKey: .moved) ?? []
            player = try container.decodeIfPresent(String.self, forKey: .player)
            hasPlayers = container.contains(.players)
            hasTurn = container.contains(.strictTurns)
            online = try container.decodeIfPresent(Bool.self, forKey: .online)
            pile = try container.decodeIfPresent(String.self, forKey: .pile)
            face = try container.decodeIfPresent(String.self, forKey: .face)
            cards = try container.decodeIfPresent([Move.MovedCard].self, forKey: .cards)
        }
    }
}

extension DeckEvent.Move: Decodable {
    private enum CodingKeys: String, CodingKey {
        case from, to, count, cards
    }

    /// A moved card as the stream lists it: a card object with a `code`, or the code alone.
    struct MovedCard: Decodable {
        var card: PlayingCards.Card

        private enum CodingKeys: String, CodingKey { case code }

        init(from decoder: any Decoder) throws {
            let code: String
            if let single = try? decoder.singleValueContainer(), let text = try? single.decode(String.self) {
                code = text
            } else {
                code = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .code)
            }
            guard let card = PlayingCards.Card(code: code) else {
                throw DecodingError.dataCorrupted(
                    DecodingError.Context(
                        codingPath: decoder.codingPath, debugDescription: "\"\(code)\" is not a card code."))
            }
            self.card = card
        }
    }

    /// Decodes one entry of `moved`.
    ///
    /// - Parameter decoder: the decoder.
    /// - Throws: `DecodingError` when a key is missing or a card code is unknown.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        from = try container.decode(String.self, forKey: .from)
        to = try container.decode(String.self, forKey: .to)
        count = try container.decode(Int.self, forKey: .count)
        cards = try container.decodeIfPresent([MovedCard].self, forKey: .cards)?.map(\.card)
    }
}
