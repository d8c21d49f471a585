import Foundation

/// write(2) until every byte is written; retried when a signal interrupts.
/// list's standard output and the browser's export files.
public enum FileDescriptorWriter {
    /// nil when all was written, else the errno that stopped it.
    public static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32? {
        bytes.withUnsafeBytes { raw -> Int32? in
            var offset = 0
            while offset < raw.count {
                let written = Glibc.write(descriptor, raw.baseAddress! + offset, raw.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += written
            }
            return nil
        }
    }
}
