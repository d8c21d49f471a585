import Foundation
@testable import QuakePush
import Testing

/// Why a push connection failed, as `watch: push connection lost: …` says
/// it: SwiftNIO's and NIOSSL's errors in a few words of their own.
@Suite struct PushFailureReasonTests {
    /// An error that prints as the library's error printed.
    struct Printed: Error, CustomStringConvertible { let description: String }

    @Test func aRefusedCertificateIsSaidSo() {
        // NIOSSL's handshake failure, BoringSSL's reason in capitals.
        let error = Printed(description: "handshakeFailed(NIOSSL.BoringSSLError.sslError([Error: 268435581 "
                            + "error:1000007d:SSL routines:OPENSSL_internal:CERTIFICATE_VERIFY_FAILED at "
                            + "/src/boringssl/ssl/handshake.cc:393]))")
        #expect(PushStream.reason(error) == "the server's TLS certificate was refused")
    }

    @Test func aRefusedConnectionIsSaidSo() {
        let error = Printed(description: "NIOConnectionError(host: \"127.0.0.1\", port: 9, dnsAAAAError: nil, dnsAError: nil, "
                            + "connectionErrors: [NIOCore.SingleConnectionFailure(target: [IPv4]127.0.0.1/127.0.0.1:9, "
                            + "error: connect(descriptor:addr:size:): Connection refused (errno: 111))])")
        #expect(PushStream.reason(error) == "connection refused")
    }

    @Test func anUnknownErrorIsItsFirstLine() {
        #expect(PushStream.reason(Printed(description: "something else\nand more")) == "something else")
    }
}
