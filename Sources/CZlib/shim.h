// The system zlib (zlib1g-dev). inflateInit2 is a macro, which Swift does
// not import: this wraps it.
#include <zlib.h>

// A gzip-only inflater (windowBits 15 + 16): the magic bytes already said gzip.
static inline int czlib_inflate_init_gzip(z_stream *stream) {
    return inflateInit2(stream, 15 + 16);
}

// Any inflater by its windowBits: 15 for a zlib stream, -15 for raw deflate.
static inline int czlib_inflate_init(z_stream *stream, int windowBits) {
    return inflateInit2(stream, windowBits);
}
