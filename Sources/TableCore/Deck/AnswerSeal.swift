import Crypto
import DeckStorage
import Foundation
import HTTPTypes

/// How a changing request's answer is remembered with its `Idempotency-Key` so that the database
/// holds nothing usable without the key.
///
/// Remembered answers hold secrets: a join's answer is the player's token, a deal's or a draw's
/// the cards of a hand. So the store never sees the key, the request or the answer in the clear:
///
/// - the key is stored as a lookup tag, a value derived from the key and its scope (HKDF-SHA256),
///   which does not lead back to the key;
/// - the request's fingerprint (``RequestIdempotency/fingerprint(method:path:parameters:caller:)``,
///   which holds the caller's token hash) is stored as an HMAC under another key derived from the
///   idempotency key, so the row does not even confirm a guess at the request;
/// - the body is sealed with AES-GCM under a third derived key, with the fingerprint, the status
///   and the change number as associated data: only the same key *and* the same request (the same
///   caller included) open it, and a row altered in the database does not open at all;
/// - what is sealed is the body made compact (``CompactAnswer``: one byte per card object), so a
///   draw of 1,000 cards is remembered in about a kilobyte.
///
/// The three keys are derived with HKDF from the idempotency key and the scope (the deck's id, or
/// the client's address for new decks), so the same key used on two decks leaves two unrelated
/// rows. The protection is as strong as the key is unguessable: a random UUID (122 bits) is fine,
/// which is what the SDK and the web app send; ``RequestIdempotency/minimumLength`` keeps out the
/// shortest guessable keys.
package struct AnswerSeal: Sendable {
    /// Where a key is valid: each deck's keys are its own; new decks share one scope per client
    /// address, so that a key another client happens to choose never returns this client's deck.
    package enum Scope: Sendable {
        case deck(id: String)
        case newDecks(client: String)

        package var label: String {
            switch self {
            case .deck(let id): "deck " + id
            case .newDecks(let client): "new decks of " + client
            }
        }
    }

    /// The key and fingerprint as the store keeps them: the lookup tag (64 hex digits) and the
    /// fingerprint's HMAC.
    package let storedKey: IdempotencyKey
    /// The request's fingerprint, in the clear, which binds the sealed body to the request.
    private let fingerprint: [UInt8]
    private let sealingKey: SymmetricKey
    /// The card objects answers are compacted and expanded with.
    private let cardJSON: CardJSON

    /// The first byte of every sealed body: how it was sealed. 1: the JSON as it was; 2: the JSON
    /// made compact (``CompactAnswer``), which is what is sealed now.
    private static let formatVersion: UInt8 = 2
    /// The format of answers sealed before they were made compact, still opened.
    private static let plainFormatVersion: UInt8 = 1

    /// Derives the keys of one request.
    ///
    /// - Parameters:
    ///   - key: the request's `Idempotency-Key`.
    ///   - scope: where the key is valid.
    ///   - fingerprint: what identifies the request (method, path, parameters, caller).
    ///   - cardJSON: the card objects answers are rendered with.
    package init(key: RequestIdempotency, scope: Scope, fingerprint: [UInt8], cardJSON: CardJSON) {
        self.cardJSON = cardJSON
        let material = SymmetricKey(data: Array(key.key.utf8))
        let salt = Array("riffle remembered answer v1".utf8)
        let scopeLabel = Array(scope.label.utf8)
        func derived(_ purpose: String) -> SymmetricKey {
            HKDF<SHA256>.deriveKey(
                inputKeyMaterial: material, salt: salt, info: Array(purpose.utf8) + [0] + scopeLabel,
                outputByteCount: 32)
        }
        let lookup = derived("lookup").withUnsafeBytes { Self.hex($0) }
        let fingerprintTag = Array(HMAC<SHA256>.authenticationCode(for: fingerprint, using: derived("fingerprint")))
        storedKey = IdempotencyKey(key: lookup, fingerprint: fingerprintTag)
        self.fingerprint = fingerprint
        sealingKey = derived("seal")
    }

    /// The answer as the store is to remember it: status and change number in the clear (a deck's
    /// change number is public, its `ETag`), the body sealed.
    ///
    /// - Parameter response: the answer given.
    /// - Returns: the answer to remember.
    package func seal(_ response: APIResponse) -> RememberedAnswer {
        let status = Int(response.status.code)
        let changeNumber = response.changeNumber ?? 0
        let associated = associatedData(status: status, changeNumber: changeNumber)
        do {
            let compact = CompactAnswer.compacted(response.json, cardJSON: cardJSON)
            let box = try AES.GCM.seal(compact, using: sealingKey, authenticating: associated)
            guard let combined = box.combined else { throw CryptoKitError.incorrectParameterSize }
            return RememberedAnswer(
                status: status, body: [Self.formatVersion] + Array(combined), changeNumber: changeNumber)
        } catch {
            // AES-GCM refuses only keys and nonces of the wrong size, and these are of the right
            // size by construction. Should it refuse all the same, remember nothing readable rather
            // than the answer in the clear: a resend then answers 503 (see `open`), never a secret.
            return RememberedAnswer(status: status, body: [], changeNumber: changeNumber)
        }
    }

    /// The remembered answer, opened: the same status, body and change number as the first time.
    ///
    /// - Parameter answer: what the store remembered with this request's key and fingerprint.
    /// - Returns: the answer, marked as replayed.
    /// - Throws: ``UnreadableAnswer`` when the body does not open (altered in the database, or
    ///   sealed by an unknown format): the server answers 503 and logs it.
    package func open(_ answer: RememberedAnswer) throws -> APIResponse {
        let version = answer.body.first
        guard version == Self.formatVersion || version == Self.plainFormatVersion else { throw UnreadableAnswer() }
        let body: Data
        do {
            let box = try AES.GCM.SealedBox(combined: answer.body.dropFirst())
            body = try AES.GCM.open(
                box, using: sealingKey,
                authenticating: associatedData(status: answer.status, changeNumber: answer.changeNumber))
        } catch {
            throw UnreadableAnswer()
        }
        let json: String
        if version == Self.formatVersion {
            guard let expanded = CompactAnswer.expanded(body, cardJSON: cardJSON) else { throw UnreadableAnswer() }
            json = expanded
        } else {
            json = String(decoding: body, as: UTF8.self)
        }
        return APIResponse(
            status: HTTPResponse.Status(code: answer.status), json: json, changeNumber: answer.changeNumber,
            replayed: true)
    }

    /// The fingerprint, the status and the change number: what the seal binds the body to.
    private func associatedData(status: Int, changeNumber: Int64) -> [UInt8] {
        var bytes = fingerprint
        withUnsafeBytes(of: Int64(status).bigEndian) { bytes += $0 }
        withUnsafeBytes(of: changeNumber.bigEndian) { bytes += $0 }
        return bytes
    }

    private static func hex(_ bytes: UnsafeRawBufferPointer) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// A remembered answer that could not be opened although its key and request matched.
    package struct UnreadableAnswer: Error, CustomStringConvertible {
        package var description: String {
            "a remembered answer could not be opened with its key (altered in the database, or of an unknown format)"
        }
    }
}
