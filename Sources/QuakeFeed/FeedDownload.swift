import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Downloads one feed body with URLSession, reporting bytes as they come.
/// Fails on any status but 200, on a body shorter than its Content-Length,
/// and when no data arrives for `timeout` seconds.
public enum FeedDownload {
    public typealias Progress = @Sendable (_ received: Int, _ expected: Int?) -> Void

    /// What came back: the bytes and the server's Content-Type, if any.
    public struct Body: Sendable {
        public var data: Data
        public var contentType: String?
    }

    public static func body(of source: FeedSource, timeout: Double, progress: Progress? = nil) throws -> Body {
        if source.url.isFileURL { return Body(data: try fileBody(source), contentType: nil) }
        let delegate = Delegate(source: source, timeout: timeout, progress: progress)
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout   // between bytes, not for the whole body
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        let session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        var request = URLRequest(url: source.url)
        request.setValue("quakes-tui", forHTTPHeaderField: "User-Agent")
        session.dataTask(with: request).resume()
        return try delegate.wait()
    }

    private static func fileBody(_ source: FeedSource) throws -> Data {
        func failure(_ message: String) -> FetchError { FetchError(source: source.description, reason: .connection(message)) }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: source.url.path, isDirectory: &isDirectory) else { throw failure("no such file") }
        if isDirectory.boolValue { throw failure("is a directory") }
        do {
            return try Data(contentsOf: source.url, options: .alwaysMapped)
        } catch {
            throw failure("cannot read (\(String(cString: strerror(errno))))")
        }
    }

    /// Collects the body; `wait` blocks until the task ends.
    private final class Delegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
        let source: FeedSource
        let timeout: Double
        let progress: Progress?
        private let lock = NSLock()
        private let done = DispatchSemaphore(value: 0)
        private var data = Data()
        private var expected: Int?
        private var contentType: String?
        private var failure: FetchError?

        init(source: FeedSource, timeout: Double, progress: Progress?) {
            self.source = source
            self.timeout = timeout
            self.progress = progress
        }

        func wait() throws -> Body {
            done.wait()
            lock.lock(); defer { lock.unlock() }
            if let failure { throw failure }
            if let expected, data.count < expected {
                throw FetchError(source: source.description, reason: .cutShort(received: data.count, expected: expected))
            }
            return Body(data: data, contentType: contentType)
        }

        private func fail(_ reason: FetchError.Reason) {
            lock.lock(); defer { lock.unlock() }
            if failure == nil { failure = FetchError(source: source.description, reason: reason) }
        }

        func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void) {
            if let http = response as? HTTPURLResponse, http.statusCode != 200 {
                fail(.httpStatus(http.statusCode))
                completionHandler(.cancel)
                return
            }
            lock.lock()
            expected = response.expectedContentLength >= 0 ? Int(response.expectedContentLength) : nil
            contentType = (response as? HTTPURLResponse)?.value(forHTTPHeaderField: "Content-Type")
            if let expected { data.reserveCapacity(expected) }
            lock.unlock()
            progress?(0, expected)
            completionHandler(.allow)
        }

        func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive chunk: Data) {
            lock.lock()
            data.append(chunk)
            let (received, expected) = (data.count, self.expected)
            lock.unlock()
            progress?(received, expected)
        }

        func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
            if let error {
                fail(reason(for: error))
            }
            done.signal()
        }

        private func reason(for error: any Error) -> FetchError.Reason {
            lock.lock()
            let (received, expected) = (data.count, self.expected)
            lock.unlock()
            guard let urlError = error as? URLError else { return .connection(error.localizedDescription) }
            if urlError.code == .timedOut { return .timedOut(seconds: timeout) }
            // The body stopped short of its Content-Length, whatever curl called it.
            if let expected, received < expected, urlError.code != .cancelled {
                return .cutShort(received: received, expected: expected)
            }
            switch urlError.code {
            case .cannotConnectToHost: return .connection("connection refused")
            case .cannotFindHost, .dnsLookupFailed: return .connection("cannot resolve host \(source.url.host ?? "")")
            case .networkConnectionLost where received > 0:
                return .cutShort(received: received, expected: nil)
            case .networkConnectionLost: return .connection("connection closed before any data")
            case .notConnectedToInternet: return .connection("no network")
            case .cancelled: return .connection("cancelled")
            case .serverCertificateUntrusted, .serverCertificateHasBadDate, .serverCertificateHasUnknownRoot,
                 .serverCertificateNotYetValid, .secureConnectionFailed:
                return .connection("TLS failed: \(urlError.localizedDescription)")
            default: return .connection(urlError.localizedDescription)
            }
        }
    }
}
