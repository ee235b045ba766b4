import Foundation

/// Where the web app's files are: `index.html`, `css/`, `js/` and `riffle.wasm`, kept in
/// `Sources/RiffleWebApp/Public` and bundled by SwiftPM with this module.
///
/// The web app is a client of the Deck of Cards API, so it lives in a target of its own rather than inside the
/// server; the server (`DeckService`) serves these files at `/`, or a development folder instead
/// (`riffle serve --web-root Sources/RiffleWebApp/Public` serves the working tree's files as they are edited).
package enum WebAppBundle {
    /// The folder that holds `index.html`, or `nil` when the module's resources cannot be found (a broken install).
    package static var publicFolder: URL? {
        Bundle.module.resourceURL?.appendingPathComponent("Public", isDirectory: true)
    }
}
