import Foundation

/// The OpenAPI 3.1 description of the whole HTTP API, served at `GET /openapi.json`.
///
/// It is a committed file (`Operations/openapi.json`), loaded once; tests check it against the
/// routes the server answers, and the fuzz script (`scripts/fuzz.sh`) checks the server against it.
enum OpenAPIDocument {
    /// The document's bytes, or a minimal stand-in if the resource is missing from the build.
    static let json: String = {
        guard let url = Bundle.module.url(forResource: "openapi", withExtension: "json"),
            let data = try? Data(contentsOf: url)
        else { return #"{"openapi":"3.1.0","info":{"title":"Riffle","version":"0"},"paths":{}}"# }
        return String(decoding: data, as: UTF8.self)
    }()
}
