import Foundation
import Hummingbird
import HummingbirdTesting
import PlayingCards
import Testing

@testable import DeckService
@testable import TableCore

/// `POST` bodies sent as `multipart/form-data` (a browser's `FormData`) carry parameters too.
@Suite struct MultipartFormDataTests {
    static let boundary = "----form7MA4YWxk"

    static func body(_ parts: [String]) -> String {
        parts.map { "--" + boundary + "\r\n" + $0 + "\r\n" }.joined() + "--" + boundary + "--\r\n"
    }

    @Test func fieldsAreReadInOrderAndFilesSkipped() throws {
        let text = Self.body([
            "Content-Disposition: form-data; name=\"count\"\r\n\r\n2",
            "content-disposition: form-data; name=cards\r\nContent-Type: text/plain\r\n\r\nAS,KH",
            "Content-Disposition: form-data; name=\"cards\"; filename=\"c.txt\"\r\n\r\nQH",
            "Content-Disposition: form-data; name=\"count\"\r\n\r\n3",
            "Content-Disposition: form-data; name=\"empty\"\r\n\r\n",
        ])
        let fields = try MultipartFormData.fields(
            Array(text.utf8), contentType: "multipart/form-data; charset=utf-8; boundary=\"\(Self.boundary)\"")
        #expect(fields.map(\.0) == ["count", "cards", "count", "empty"])
        #expect(fields.map(\.1) == ["2", "AS,KH", "3", ""])
        let parameters = APIParameters(fields: fields)
        #expect(try parameters.count() == 3)
        #expect(try parameters.cards()?.map(\.code) == ["AS", "KH"])
    }

    @Test(arguments: [
        ("multipart/form-data", "--x\r\n\r\n--x--"),
        ("multipart/form-data; boundary=x", "no delimiter at all"),
        ("multipart/form-data; boundary=x", "--x\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nunterminated"),
        ("multipart/form-data; boundary=x", "--xjunk"),
        ("multipart/form-data; boundary=", "----\r\n"),
    ])
    func malformedBodiesAreRefused(contentType: String, body: String) {
        #expect(throws: MultipartFormData.Malformed.self) {
            try MultipartFormData.fields(Array(body.utf8), contentType: contentType)
        }
    }

    @Test func aMultipartPostIsReadAndAMalformedOneIs400() async throws {
        try await withTestApplication { client in
            let form: HTTPFields = [.contentType: "multipart/form-data; boundary=" + Self.boundary]
            let body = Self.body([
                "Content-Disposition: form-data; name=\"deck_count\"\r\n\r\n2",
                "Content-Disposition: form-data; name=\"cards\"\r\n\r\nAS,KH",
            ])
            let created = try await client.json("/api/deck/new/?deck_count=5", method: .post, headers: form, body: body)
            #expect(created.status == .ok && created.remaining == 4)
            let broken = try await client.json(
                "/api/deck/new/", method: .post, headers: form, body: "--" + Self.boundary + "\r\nno end")
            #expect(broken.status == .badRequest && Set(broken.object.keys) == ["success", "error"])
        }
    }
}
