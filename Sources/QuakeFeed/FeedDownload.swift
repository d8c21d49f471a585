import Foundation
import QuakeStore

/// Downloads one feed body with libcurl (`CurlTransfer`), reporting bytes as they come.
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

        /// An FDSN event service's answer from `url` as the data to import:
        /// inflated when gzip (within `limit`), nil when the service found
        /// nothing (204, or only white space), an error when it is an HTML
        /// page (a portal's or a proxy's) rather than events.
        public func fdsnEvents(from url: URL, limit: Int) throws -> Data? {
            let shown = FeedSource(url: url).description   // without credentials
            let events = try FeedFetcher.inflatedIfGzip(data, source: shown, limit: limit)
            guard status != 204, !events.allSatisfy({ [0x20, 0x09, 0x0A, 0x0D].contains($0) }) else { return nil }
            if FetchError.isHTMLPage(contentType: contentType, body: events) {
                throw FetchError(source: shown, reason: .htmlPage(contentType: FetchError.mediaType(contentType)))
            }
            return events
        }
    }

    public static func body(of source: FeedSource, timeout: Double, limit: Int, progress: Progress? = nil) throws -> Body {
        if source.url.isFileURL { return Body(data: try fileBody(source, timeout: timeout, limit: limit), contentType: nil) }
        let receiver = Receiver(source: source, limit: limit, progress: progress)
        let transfer = CurlTransfer(url: source.requestURL, timeout: timeout, onHead: receiver.head, onBody: receiver.body)
        return try receiver.finish(transfer.run(), timeout: timeout)
    }

    /// A file read as `import` reads one: mapped, or streamed from a FIFO,
    /// which fails as a silent server does after `timeout` seconds without a byte.
    private static func fileBody(_ source: FeedSource, timeout: Double, limit: Int) throws -> Data {
        do {
            return try InputFile.contents(ofPath: source.url.path, limit: limit, timeout: timeout)
        } catch .timedOut {
            throw FetchError(source: source.description, reason: .timedOut(seconds: timeout))
        } catch .overLimit {
            throw FetchError(source: source.description, reason: .overLimit(limit))
        } catch .unreadable(let message) {
            throw FetchError(source: source.description, reason: .connection(message))
        }
    }

    /// Takes the answer as curl reads it: refuses a status or a length at
    /// once, and holds the body, inflated as it comes when a
    /// Content-Encoding says so, never more than `limit` bytes as sent
    /// nor once inflated.
    private final class Receiver {
        let source: FeedSource
        let limit: Int
        let progress: Progress?
        private var failure: FetchError?
        /// The final response's status; nil until its head is read.
        private var status: Int?
        private var declared: Int?
        private var contentType: String?
        private var encoding: String?
        private var inflater: Inflater?
        private var data = Data()
        /// Bytes as sent: the encoded ones when a Content-Encoding applies.
        private var received = 0

        init(source: FeedSource, limit: Int, progress: Progress?) {
            self.source = source
            self.limit = limit
            self.progress = progress
        }

        private func fail(_ reason: FetchError.Reason, retryAfter: Double? = nil) -> Bool {
            failure = FetchError(source: source.description, reason: reason, retryAfter: retryAfter)
            return false
        }

        func head(_ head: CurlTransfer.Head) -> Bool {
            status = head.status
            if head.status == 204 { return true }
            guard head.status == 200 else {
                return fail(.httpStatus(head.status), retryAfter: head.value("Retry-After").flatMap(FetchError.retryAfterSeconds))
            }
            declared = head.value("Content-Length").flatMap { Int($0) }.flatMap { $0 >= 0 ? $0 : nil }
            if let declared, declared > limit { return fail(.overLimit(limit)) }   // before a byte of the body is read
            contentType = head.value("Content-Type")
            let coding = head.value("Content-Encoding").map { FetchError.quotable($0) } ?? ""
            switch coding.lowercased() {
            case "", "identity": break
            case "gzip", "x-gzip": inflater = Inflater(.gzip, limit: limit)
            case "deflate": inflater = Inflater(.deflate, limit: limit)
            default: return fail(.badContentEncoding(coding, supported: false))
            }
            encoding = inflater == nil ? nil : coding
            // A guess to save copies, never a promise: a server may declare anything.
            if let declared, inflater == nil { data.reserveCapacity(min(declared, 64 << 20)) }
            progress?(0, inflater == nil ? declared : nil)
            return true
        }

        func body(_ bytes: UnsafeRawBufferPointer) -> Bool {
            guard status == 200 else { return true }   // a 204's stray bytes are no answer
            guard bytes.count <= limit - received else { return fail(.overLimit(limit)) }   // an endless body is cut here
            received += bytes.count
            guard let inflater else {
                data.append(bytes.assumingMemoryBound(to: UInt8.self))
                progress?(received, declared)
                return true
            }
            do {
                try inflater.append(bytes)
            } catch {
                return fail(reason(for: error))
            }
            progress?(inflater.output.count, nil)
            return true
        }

        func finish(_ outcome: CurlTransfer.Outcome, timeout: Double) throws -> Body {
            if let failure { throw failure }
            switch outcome {
            case .completed, .stopped: break
            case .timedOut: throw FetchError(source: source.description, reason: .timedOut(seconds: timeout))
            case .failed(let failure, let detail, let systemError):
                throw FetchError(source: source.description, reason: reason(failure, detail: detail, systemError: systemError))
            }
            // curl ended without an answer, or a callback stopped without saying why.
            guard let status, outcome == .completed else {
                throw FetchError(source: source.description, reason: .connection("no HTTP answer"))
            }
            if status == 204 { return Body(data: Data(), contentType: contentType, status: 204) }
            if let declared, received < declared {
                throw FetchError(source: source.description, reason: .cutShort(received: received, expected: declared))
            }
            if let inflater {
                do { data = try inflater.finish() } catch {
                    throw FetchError(source: source.description, reason: reason(for: error))
                }
            }
            return Body(data: data, contentType: contentType, status: status)
        }

        private func reason(for failure: Gzip.Failure) -> FetchError.Reason {
            switch failure {
            case .overLimit: .overLimit(limit)
            case .invalid: .badContentEncoding(encoding ?? "", supported: true)
            }
        }

        /// curl's failures in words.
        private func reason(_ failure: CurlTransfer.Failure, detail: String, systemError: Int32) -> FetchError.Reason {
            let host = source.url.host ?? ""
            switch failure {
            case .couldntResolveHost: return .connection("cannot resolve host \(host)")
            case .couldntResolveProxy: return .connection("cannot resolve the proxy's host")
            case .couldntConnect:
                switch systemError {
                case ECONNREFUSED: return .connection("connection refused")
                case ENETUNREACH: return .connection("network unreachable")
                case EHOSTUNREACH: return .connection("host \(host) unreachable")
                default: return .connection("cannot connect to \(host)")
                }
            case .partialFile, .receiveError where received > 0:
                return .cutShort(received: received, expected: declared)
            case .gotNothing, .receiveError: return .connection("connection closed before any data")
            case .sendError: return .connection("connection lost while sending the request")
            case .notHTTP: return .connection("the server's answer is not HTTP")
            case .tooManyRedirects: return .connection("too many redirects")
            case .unsupportedProtocol: return .connection("redirected to a URL that is not http or https")
            case .peerFailedVerification: return .connection("TLS failed: the server's certificate is not trusted (\(detail))")
            case .tls: return .connection("TLS failed" + (detail.isEmpty ? "" : ": \(detail)"))
            case .other(let words): return .connection(detail.isEmpty ? words : "\(words): \(detail)")
            }
        }
    }
}
