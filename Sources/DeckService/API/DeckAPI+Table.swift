import HTTPTypes
import PlayingCards
import TableCore

/// Parsing of a live table's people endpoints (`TableRoute`): checked before the deck is read, so
/// a malformed request changes nothing and costs the store nothing.
extension DeckAPI {
    /// The request a table route makes. Each takes `POST` only (its parameters come from the form
    /// body, as every `POST`'s do), so that a link preview cannot change a table.
    static func tableRequest(
        _ route: TableRoute, _ parameters: APIParameters, method: HTTPRequest.Method
    ) throws -> DeckOperation {
        guard method == .post else {
            throw APIError(
                status: .methodNotAllowed,
                message: "This endpoint changes a live table: it takes a POST, with its parameters in a form body.")
        }
        switch route {
        case .rename(let player):
            guard PileName.isValid(player) else { throw APIError(tableError: TableError(kind: .invalidPlayerName)) }
            guard let text = parameters["display_name"] else {
                throw APIError.badRequest("Renaming a player needs the parameter 'display_name'.")
            }
            return .table(.rename(player: player, displayName: try DisplayName.checked(text)))
        case .seats:
            return .table(.seats(order: try seatOrder(parameters["order"])))
        case .turn:
            return .table(try turnRequest(parameters))
        case .lock:
            switch parameters["locked"]?.lowercased() {
            case "true": return .table(.lock(true))
            case "false": return .table(.lock(false))
            default: throw APIError.badRequest("Locking a table needs the parameter 'locked': 'true' or 'false'.")
            }
        case .face(let pile):
            guard PileName.isValid(pile) else { throw APIError.invalidPileName(pile) }
            guard let faceDown = try faceDown(parameters) else {
                throw APIError.badRequest("Turning a pile needs the parameter 'face': 'down' or 'up'.")
            }
            return .table(.face(pile: pile, faceDown: faceDown))
        case .dealToEveryone:
            return .table(.dealToEveryone(count: try dealCount(parameters)))
        case .takeBackGift(let receiver):
            guard PileName.isValid(receiver) else { throw APIError(tableError: TableError(kind: .invalidPlayerName)) }
            return .table(.takeBackGift(receiver: receiver))
        case .round:
            guard parameters["reveal"] != nil, let reveals = parameters.boolean("reveal") else {
                throw APIError.badRequest(
                    "Setting whether rounds are revealed needs the parameter 'reveal': 'true' or 'false'.")
            }
            return .table(.revealRounds(reveals))
        case .endRound:
            return .table(.endRound)
        case .roundEntropy:
            guard let text = parameters["entropy"], !text.isEmpty, text.utf8.count <= SeedMixing.maximumEntropyBytes
            else {
                throw APIError.badRequest(
                    "Adding entropy needs the parameter 'entropy': 1 to " + String(SeedMixing.maximumEntropyBytes)
                        + " bytes of text.")
            }
            return .table(.addEntropy(text))
        }
    }

    /// `face=down` (`true`) or `face=up` (`false`), `nil` when absent: for `face/`, and for `add`
    /// and `deal`, which create a pile face down with it.
    static func faceDown(_ parameters: APIParameters) throws(APIError) -> Bool? {
        switch parameters["face"] {
        case nil: return nil
        case "down": return true
        case "up": return false
        default: throw .badRequest("The parameter 'face' must be 'down' or 'up'.")
        }
    }

    /// `order=a,b,c`: player names separated by commas, each a valid name.
    private static func seatOrder(_ text: String?) throws(APIError) -> [String] {
        guard let text else {
            throw .badRequest("Reordering the seats needs the parameter 'order': every player's name, in seat order.")
        }
        let names = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        guard names.count <= TableState.maximumPlayers, names.allSatisfy({ PileName.isValid($0) }) else {
            throw APIError(tableError: TableError(kind: .invalidSeatOrder))
        }
        return names
    }

    /// `to=next|none|<name>` and/or `strict=true|false`; at least one of them.
    private static func turnRequest(_ parameters: APIParameters) throws(APIError) -> TableRequest {
        var target: TableRequest.TurnTarget?
        if let to = parameters["to"] {
            switch to {
            case "next": target = .next
            case "none": target = TableRequest.TurnTarget.nobody
            default:
                guard PileName.isValid(to) else {
                    throw .badRequest("The parameter 'to' must be 'next', 'none' or a player's name.")
                }
                target = .player(to)
            }
        }
        var strict: Bool?
        if parameters["strict"] != nil {
            guard let value = parameters.boolean("strict") else {
                throw .badRequest("The parameter 'strict' must be 'true' or 'false'.")
            }
            strict = value
        }
        guard target != nil || strict != nil else {
            throw .badRequest(
                "Changing the turn needs 'to' (next, none or a player's name) or 'strict' (true or false).")
        }
        return .turn(to: target, strict: strict)
    }
}
