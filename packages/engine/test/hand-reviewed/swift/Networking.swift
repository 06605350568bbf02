import Foundation

/// How long a request waits before giving up, in seconds.
public let defaultTimeout: TimeInterval = 30

/// Errors a ``Transport`` reports.
public enum NetworkError: Error, CustomStringConvertible {
    case invalidURL(String)
    case status(code: Int, body: Data?)
    case decoding(underlying: Error)
    case offline

    public var description: String {
        switch self {
        case .invalidURL(let text): return "invalid URL: \(text)"
        case .status(let code, _): return "HTTP \(code)"
        case .decoding(let error): return "decoding failed: \(error)"
        case .offline: return "offline"
        }
    }

    /// Whether retrying the same request may succeed.
    var isTransient: Bool {
        switch self {
        case .offline: return true
        case .status(let code, _): return code >= 500
        default: return false
        }
    }
}

/// Something that sends a request and hands back the response body.
public protocol Transport: AnyObject {
    /// The type of request this transport accepts.
    associatedtype Request

    var baseURL: URL { get }

    /// Sends `request`.
    /// - Parameter request: The request to send.
    /// - Returns: The response body.
    /// - Throws: ``NetworkError`` when the server or the network fails.
    func send(_ request: Request) async throws -> Data

    func cancelAll()
}

extension Transport {
    /// Does nothing; transports that track no requests keep this default.
    public func cancelAll() {}

    /// Sends `request` and decodes the body as `T`.
    public func fetch<T: Decodable>(_ type: T.Type, for request: Request, decoder: JSONDecoder = JSONDecoder()) async throws -> T {
        let data = try await send(request)
        do {
            return try decoder.decode(type, from: data)
        } catch {
            throw NetworkError.decoding(underlying: error)
        }
    }
}

/// A transport backed by `URLSession`.
open class HTTPTransport: Transport {
    public typealias Request = URLRequest

    public let baseURL: URL
    private let session: URLSession
    private var tasks: [UUID: URLSessionTask] = [:]

    public init(baseURL: URL, session: URLSession = .shared) {
        self.baseURL = baseURL
        self.session = session
    }

    /// Creates a transport for `text`, or `nil` if it is not a URL.
    public convenience init?(string text: String) {
        guard let url = URL(string: text) else { return nil }
        self.init(baseURL: url)
    }

    deinit {
        tasks.values.forEach { $0.cancel() }
    }

    open func send(_ request: URLRequest) async throws -> Data {
        var request = request
        request.timeoutInterval = defaultTimeout
        let (data, response) = try await session.data(for: request)
        if let http = response as? HTTPURLResponse, !(200..<300).contains(http.statusCode) {
            throw NetworkError.status(code: http.statusCode, body: data)
        }
        return data
    }

    public func cancelAll() {
        tasks.values.forEach { $0.cancel() }
        tasks.removeAll()
    }

    /**
     * Starts a download and reports its outcome once.
     *
     * - Parameters:
     *   - url: Where to download from.
     *   - completion: Called on an arbitrary queue with the body or the error.
     * - Returns: An identifier to cancel the download with.
     */
    @discardableResult
    public func download(from url: URL, completion: @escaping (Result<Data, Error>) -> Void) -> UUID {
        let id = UUID()
        let task = session.dataTask(with: url) { data, _, error in
            if let error { completion(.failure(error)) } else { completion(.success(data ?? Data())) }
        }
        tasks[id] = task
        task.resume()
        return id
    }

    class func makeDefault() -> HTTPTransport {
        HTTPTransport(baseURL: URL(string: "https://example.invalid")!)
    }
}

/// An ``HTTPTransport`` that retries transient failures.
public final class RetryingTransport: HTTPTransport {
    let attempts: Int

    public init(baseURL: URL, attempts: Int = 3) {
        self.attempts = attempts
        super.init(baseURL: baseURL)
    }

    override public func send(_ request: URLRequest) async throws -> Data {
        var lastError: Error = NetworkError.offline
        for _ in 0..<attempts {
            do {
                return try await super.send(request)
            } catch let error as NetworkError where error.isTransient {
                lastError = error
            }
        }
        throw lastError
    }

    // Retries a synchronous operation; only `body` can throw.
    func withRetries<T>(_ body: () throws -> T) rethrows -> T {
        for _ in 1..<max(attempts, 2) {
            if let value = try? body() { return value }
        }
        return try body()
    }
}
