// The system libcurl (libcurl4-openssl-dev). curl_easy_setopt and
// curl_easy_getinfo are variadic, which Swift cannot call: these wrap them
// by the type of their argument.
#include <curl/curl.h>

static inline CURLcode ccurl_set_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode ccurl_set_string(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode ccurl_set_pointer(CURL *handle, CURLoption option, void *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode ccurl_set_headers(CURL *handle, struct curl_slist *headers) {
    return curl_easy_setopt(handle, CURLOPT_HTTPHEADER, headers);
}

typedef size_t (*ccurl_data_callback)(char *bytes, size_t size, size_t count, void *context);
typedef int (*ccurl_xferinfo_callback)(void *context, curl_off_t download_total, curl_off_t downloaded,
                                       curl_off_t upload_total, curl_off_t uploaded);

static inline CURLcode ccurl_set_write_callback(CURL *handle, ccurl_data_callback callback) {
    return curl_easy_setopt(handle, CURLOPT_WRITEFUNCTION, callback);
}

static inline CURLcode ccurl_set_header_callback(CURL *handle, ccurl_data_callback callback) {
    return curl_easy_setopt(handle, CURLOPT_HEADERFUNCTION, callback);
}

static inline CURLcode ccurl_set_xferinfo_callback(CURL *handle, ccurl_xferinfo_callback callback) {
    return curl_easy_setopt(handle, CURLOPT_XFERINFOFUNCTION, callback);
}

static inline long ccurl_response_code(CURL *handle) {
    long code = 0;
    curl_easy_getinfo(handle, CURLINFO_RESPONSE_CODE, &code);
    return code;
}

static inline long ccurl_os_errno(CURL *handle) {
    long code = 0;
    curl_easy_getinfo(handle, CURLINFO_OS_ERRNO, &code);
    return code;
}

/// -1 when the response declared no length.
static inline curl_off_t ccurl_content_length(CURL *handle) {
    curl_off_t length = -1;
    curl_easy_getinfo(handle, CURLINFO_CONTENT_LENGTH_DOWNLOAD_T, &length);
    return length;
}
