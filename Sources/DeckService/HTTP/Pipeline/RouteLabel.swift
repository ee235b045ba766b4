import Hummingbird

extension RequestContext {
    /// The label the request is counted and logged under: the endpoint's (``APIEndpoint/label``),
    /// or what answered it (`preflight`, `redirect`, `rate-limited`, `static`, …); `other` when
    /// nothing set one.
    ///
    /// Kept where Hummingbird keeps a request's endpoint (`endpointPath`, a shared box), so that
    /// the accounting (``RequestAccounting``) sees what the responders inside set.
    var routeLabel: String {
        get { coreContext.endpointPath.value ?? "other" }
        nonmutating set { coreContext.endpointPath.value = newValue }
    }
}
