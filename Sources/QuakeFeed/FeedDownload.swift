import Foundation
import QuakeStore
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Downloads one feed body with URLSession, reporting bytes as they come.
/// Fails on any status but 200 and 204 (No Content: an FDSN service's
/// answer when no event matches, an empty body), on a body shorter than its Content-Length,
/// on a body longer than `limit` bytes (declared or streamed: refused before
/// the body is read, or cut as it passes), and when no data arrives for
/// `timeout` seconds.
public enum FeedDownload {
    public typealias Progress = @Sendable (_ received: Int, _ expected: Int?) -> Void

    /// What came back: the bytes and the server's Content-Type, if any.
    public struct Body: Sendable {
        public var data: Data
        public var contentType: String?
        /// 200, or 204 for an answer without content.
        public var status = 200
    }

    public static func body(of source: FeedSource, timeout: Double, limit: Int, progress: Progress? = nil) throws -> Body {
        if source.url.isFileURL { return Body(data: try fileBody(source, limit: limit), contentType: nil) }
        let delegate = Delegate(source: source, timeout: timeout, limit: limit, progress: progress)
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout   // between bytes, not for the whole body
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        let session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        var request = URLRequest(url: source.requestURL)
        request.setValue("quakes-tui", forHTTPHeaderField: "User-Agent")
        session.dataTask(with: request).resume()
        return try delegate.wait()
    }

    /// A file read as `import` reads one: mapped, or streamed from a FIFO.
    private static func fileBody(_ source: FeedSource, limit: Int) throws -> Data {
        do {
            return try InputFile.contents(ofPath: source.url.path, limit: limit)
        } catch .overLimit {
            throw FetchError(source: source.description, reason: .overLimit(limit))
        } catch .unreadable(let message) {
            throw FetchError(source: source.description, reason: .connection(message))
        }
    }

    /// Collects the body; `wait` blocks until the task ends.
    private final class Delegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
        let source: FeedSource
        let timeout: Double
        let limit: Int
        let progress: Progress?
        private let lock = NSLock()
        private let done = DispatchSemaphore(value: 0)
        private var data = Data()
        private var expected: Int?
        private var contentType: String?
        private var contentEncoding: String?
        private var failure: FetchError?
        private var status = 200

        init(source: FeedSource, timeout: Double, limit: Int, progress: Progress?) {
            self.source = source
            self.timeout = timeout
            self.limit = limit
            self.progress = progress
        }

        func wait() throws -> Body {
            done.wait()
            lock.lock(); defer { lock.unlock() }
            if let failure { throw failure }
            if let expected, data.count < expected {
                throw FetchError(source: source.description, reason: .cutShort(received: data.count, expected: expected))
            }
            return Body(data: data, contentType: contentType, status: status)
        }

        private func fail(_ reason: FetchError.Reason, retryAfter: Double? = nil) {
            lock.lock(); defer { lock.unlock() }
            if failure == nil { failure = FetchError(source: source.description, reason: reason, retryAfter: retryAfter) }
        }

        func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void) {
            if let http = response as? HTTPURLResponse, http.statusCode != 200 {
                if http.statusCode == 204 {
                    lock.lock(); status = 204; lock.unlock()
                    completionHandler(.allow)
                    return
                }
                let retryAfter = http.value(forHTTPHeaderField: "Retry-After").flatMap(FetchError.retryAfterSeconds)
                refuse(dataTask, .httpStatus(http.statusCode), retryAfter: retryAfter, completionHandler)
                return
            }
            let declared = response.expectedContentLength >= 0 ? Int(response.expectedContentLength) : nil
            if let declared, declared > limit {   // refused before a byte of the body is read
                refuse(dataTask, .overLimit(limit), completionHandler)
                return
            }
            let http = response as? HTTPURLResponse
            // curl inflates a Content-Encoding itself: the declared length is
            // then of the encoded body, not of the bytes delivered here.
            let encoding = http?.value(forHTTPHeaderField: "Content-Encoding")?.trimmingCharacters(in: .whitespaces)
            let encoded = encoding.map { !$0.isEmpty && $0.lowercased() != "identity" } ?? false
            lock.lock()
            expected = encoded ? nil : declared
            contentType = http?.value(forHTTPHeaderField: "Content-Type")
            contentEncoding = encoded ? encoding : nil
            // A guess to save copies, never a promise: a server may declare anything.
            if let expected { data.reserveCapacity(min(expected, 64 << 20)) }
            lock.unlock()
            progress?(0, expected)
            completionHandler(.allow)
        }

        /// FoundationNetworking goes on reading a body after `.cancel` (an endless
        /// one for ever): the task is cancelled as well.
        private func refuse(_ task: URLSessionDataTask, _ reason: FetchError.Reason, retryAfter: Double? = nil,
                            _ completionHandler: (URLSession.ResponseDisposition) -> Void) {
            fail(reason, retryAfter: retryAfter)
            completionHandler(.cancel)
            task.cancel()
        }

        func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive chunk: Data) {
            lock.lock()
            // Bytes still arriving after a failure (a cancel is not immediate) are dropped.
            if failure != nil { lock.unlock(); return }
            guard chunk.count <= limit - data.count else {   // an endless body is cut here
                lock.unlock()
                fail(.overLimit(limit))
                dataTask.cancel()
                return
            }
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
            let (received, expected, encoding) = (data.count, self.expected, contentEncoding)
            lock.unlock()
            guard let urlError = error as? URLError else { return .connection(error.localizedDescription) }
            if urlError.code == .timedOut { return .timedOut(seconds: timeout) }
            if let encoding, urlError.code == .unknown, urlError.localizedDescription.lowercased().contains("encoding") {
                // curl inflates what Content-Encoding names, and says so in its own words when it cannot.
                let known = !urlError.localizedDescription.contains("Unrecognized content encoding")
                return .badContentEncoding(FetchError.quotable(encoding), supported: known)
            }
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
