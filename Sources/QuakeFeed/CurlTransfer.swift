internal import CCurl
import Foundation

/// One HTTP GET by libcurl, run to its end on the calling thread. Every
/// callback is synchronous: the body reaches `onBody` as curl reads it off
/// the socket, and a `false` from a callback ends the transfer there, so
/// nothing is read ahead or queued. (FoundationNetworking's URLSession
/// queues what curl reads to its delegate without waiting: an endless
/// body outran any limit the delegate set.) curl is not asked to undo a
/// Content-Encoding: the body arrives as sent.
final class CurlTransfer {
    /// The final response's status and headers (not a redirect's, nor a 100 Continue's).
    struct Head {
        var status: Int
        var headers: [(name: String, value: String)]

        /// The last value of the header `name`, any case.
        func value(_ name: String) -> String? {
            headers.last { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
        }
    }

    enum Outcome: Equatable {
        case completed
        /// `onHead` or `onBody` said no.
        case stopped
        /// No byte for `timeout` seconds, while connecting or reading.
        case timedOut
        /// What curl said failed, its own detail, and the system's errno behind it (0 if none).
        case failed(Failure, detail: String, systemError: Int32)
    }

    /// curl's codes a download can end with, by name.
    enum Failure: Equatable {
        case couldntResolveHost, couldntResolveProxy, couldntConnect, partialFile, receiveError, gotNothing, sendError
        case tooManyRedirects, unsupportedProtocol, peerFailedVerification, tls, notHTTP
        /// Any other: curl's words for it.
        case other(String)

        init(_ code: CURLcode) {
            switch code {
            case CURLE_COULDNT_RESOLVE_HOST: self = .couldntResolveHost
            case CURLE_COULDNT_RESOLVE_PROXY: self = .couldntResolveProxy
            case CURLE_COULDNT_CONNECT: self = .couldntConnect
            case CURLE_PARTIAL_FILE: self = .partialFile
            case CURLE_RECV_ERROR: self = .receiveError
            case CURLE_GOT_NOTHING: self = .gotNothing
            case CURLE_SEND_ERROR: self = .sendError
            case CURLE_WEIRD_SERVER_REPLY: self = .notHTTP
            case CURLE_TOO_MANY_REDIRECTS: self = .tooManyRedirects
            case CURLE_UNSUPPORTED_PROTOCOL: self = .unsupportedProtocol
            case CURLE_PEER_FAILED_VERIFICATION: self = .peerFailedVerification
            case CURLE_SSL_CONNECT_ERROR, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER, CURLE_SSL_CACERT_BADFILE,
                 CURLE_SSL_ENGINE_NOTFOUND, CURLE_SSL_ENGINE_SETFAILED, CURLE_SSL_SHUTDOWN_FAILED,
                 CURLE_SSL_CRL_BADFILE, CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH,
                 CURLE_SSL_INVALIDCERTSTATUS, CURLE_SSL_CLIENTCERT:
                self = .tls
            default: self = .other(String(cString: curl_easy_strerror(code)).lowercased())
            }
        }
    }

    private let url: URL
    private let timeout: Double
    private let onHead: (Head) -> Bool
    private let onBody: (UnsafeRawBufferPointer) -> Bool
    private var headers: [(name: String, value: String)] = []
    private var headDelivered = false
    /// A redirect was read: an unsupported protocol is then its target's.
    private var redirected = false
    /// The status line's code of the response being read.
    private var status: Int?
    private var stopped = false
    private var timedOut = false
    private var lastActivity = DispatchTime.now()

    init(url: URL, timeout: Double, onHead: @escaping (Head) -> Bool, onBody: @escaping (UnsafeRawBufferPointer) -> Bool) {
        self.url = url
        self.timeout = timeout
        self.onHead = onHead
        self.onBody = onBody
    }

    private static let initialized: Bool = curl_global_init(Int(CURL_GLOBAL_DEFAULT)) == CURLE_OK

    func run() -> Outcome {
        guard Self.initialized, let handle = curl_easy_init() else {
            return .failed(Failure(CURLE_FAILED_INIT), detail: "", systemError: 0)
        }
        defer { curl_easy_cleanup(handle) }
        let errorText = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE))
        defer { errorText.deallocate() }
        errorText[0] = 0
        var requestHeaders: UnsafeMutablePointer<curl_slist>?
        // Compressed answers are asked for, and inflated as they arrive under the limit.
        requestHeaders = curl_slist_append(requestHeaders, "Accept-Encoding: gzip, deflate")
        defer { curl_slist_free_all(requestHeaders) }
        let context = Unmanaged.passUnretained(self).toOpaque()
        lastActivity = .now()

        ccurl_set_string(handle, CURLOPT_URL, url.absoluteString)
        ccurl_set_string(handle, CURLOPT_USERAGENT, "quakes-tui")
        ccurl_set_headers(handle, requestHeaders)
        ccurl_set_pointer(handle, CURLOPT_ERRORBUFFER, errorText)
        ccurl_set_long(handle, CURLOPT_NOSIGNAL, 1)
        ccurl_set_long(handle, CURLOPT_FOLLOWLOCATION, 1)
        ccurl_set_long(handle, CURLOPT_MAXREDIRS, 10)
        // A redirect to file:// or any other scheme is not followed.
        ccurl_set_string(handle, CURLOPT_PROTOCOLS_STR, "http,https")
        ccurl_set_string(handle, CURLOPT_REDIR_PROTOCOLS_STR, "http,https")
        ccurl_set_long(handle, CURLOPT_CONNECTTIMEOUT_MS, Int(min(timeout, 86_400) * 1000))
        ccurl_set_pointer(handle, CURLOPT_WRITEDATA, context)
        ccurl_set_write_callback(handle) { bytes, size, count, context in
            let transfer = Unmanaged<CurlTransfer>.fromOpaque(context!).takeUnretainedValue()
            return transfer.received(body: UnsafeRawBufferPointer(start: bytes, count: size * count)) ? size * count : 0
        }
        ccurl_set_pointer(handle, CURLOPT_HEADERDATA, context)
        ccurl_set_header_callback(handle) { bytes, size, count, context in
            let transfer = Unmanaged<CurlTransfer>.fromOpaque(context!).takeUnretainedValue()
            let line = String(decoding: UnsafeRawBufferPointer(start: bytes, count: size * count), as: UTF8.self)
            return transfer.received(headerLine: line) ? size * count : 0
        }
        // Called about once a second while nothing arrives: the timeout is
        // between bytes, not for the whole body.
        ccurl_set_long(handle, CURLOPT_NOPROGRESS, 0)
        ccurl_set_pointer(handle, CURLOPT_XFERINFODATA, context)
        ccurl_set_xferinfo_callback(handle) { context, _, _, _, _ in
            Unmanaged<CurlTransfer>.fromOpaque(context!).takeUnretainedValue().isIdleTooLong() ? 1 : 0
        }

        let code = curl_easy_perform(handle)
        if stopped { return .stopped }
        if timedOut || code == CURLE_OPERATION_TIMEDOUT { return .timedOut }
        if code == CURLE_OK { return .completed }
        // Without a redirect, only an answer that is not HTTP (HTTP/0.9, another protocol) is unsupported.
        let failure = code == CURLE_UNSUPPORTED_PROTOCOL && !redirected ? .notHTTP : Failure(code)
        return .failed(failure, detail: String(cString: errorText),
                       systemError: Int32(truncatingIfNeeded: ccurl_os_errno(handle)))
    }

    private func received(body: UnsafeRawBufferPointer) -> Bool {
        lastActivity = .now()
        guard headDelivered else { return true }   // a redirect's own body, if curl hands one over
        guard onBody(body) else { stopped = true; return false }
        return true
    }

    /// Each header line of each response, its status line first, a blank line last.
    private func received(headerLine: String) -> Bool {
        lastActivity = .now()
        let line = headerLine.trimmingCharacters(in: .whitespacesAndNewlines)
        if line.hasPrefix("HTTP/") {   // a new response: a redirect's or a 100's came before
            headers = []
            headDelivered = false
            status = line.split(separator: " ").dropFirst().first.flatMap { Int($0) }
            return true
        }
        guard line.isEmpty else {
            if let colon = line.firstIndex(of: ":") {
                headers.append((String(line[..<colon]).trimmingCharacters(in: .whitespaces),
                                String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces)))
            }
            return true
        }
        guard !headDelivered, let status else { return true }   // trailers, or an informational response
        if (100..<200).contains(status) { return true }
        // curl follows a redirect with a Location itself: its head is not the answer.
        if [301, 302, 303, 307, 308].contains(status), Head(status: status, headers: headers).value("Location") != nil {
            redirected = true
            return true
        }
        headDelivered = true
        guard onHead(Head(status: status, headers: headers)) else { stopped = true; return false }
        return true
    }

    private func isIdleTooLong() -> Bool {
        let idle = Double(DispatchTime.now().uptimeNanoseconds - lastActivity.uptimeNanoseconds) / 1e9
        if idle >= timeout { timedOut = true }
        return timedOut
    }
}
