// SPDX-License-Identifier: MIT
// Debug Adapter Protocol messages as nlohmann::json values: building responses, error responses and
// events with their sequence numbers, and reading request arguments with clear errors for missing or
// mistyped fields. A request handler that cannot proceed throws RequestError; the server turns it
// into an error response (the protocol layer's only exception, never seen outside app/dap).
#pragma once

#include <nlohmann/json.hpp>

#include <atomic>
#include <cstdint>
#include <stdexcept>
#include <string>

namespace weft::dap {

using Json = nlohmann::json;

/// Error ids in error responses' body.error.id (docs/dap.md, "Errors").
enum ErrorId : int {
    kMalformedMessage = 1, ///< not JSON, or not a request object
    kUnknownCommand = 2,
    kOutOfOrder = 3,       ///< e.g. launch before initialize, stepping before the program stopped
    kBadArguments = 4,
    kLaunchFailed = 5,     ///< the program does not compile or cannot be lowered
    kNotAvailable = 6,     ///< a reference (frame, variables, execution, event) that does not exist (any more)
    kCancelled = 7,
    kInternal = 8,
};

/// Thrown by handlers; becomes {"success": false, "message": text, "body": {"error": {...}}}.
struct RequestError : std::runtime_error {
    RequestError(ErrorId id, const std::string &text) : std::runtime_error(text), id(id) {}
    ErrorId id;
};

/// Sequence numbers of the messages the adapter sends (shared by the main thread and the worker).
class Sequence {
public:
    std::int64_t next() { return ++m_last; }

private:
    std::atomic<std::int64_t> m_last{0};
};

Json makeResponse(std::int64_t seq, const Json &request, Json body = Json::object());
Json makeErrorResponse(std::int64_t seq, std::int64_t requestSeq, const std::string &command, ErrorId id,
                       const std::string &text);
Json makeEvent(std::int64_t seq, const std::string &event, Json body = Json::object());

/// Typed access to a request's "arguments" object: missing optional fields give `fallback`, present
/// fields of the wrong type are a RequestError(kBadArguments) naming the field.
class Arguments {
public:
    explicit Arguments(const Json &request);
    const Json &json() const { return m_args; }
    bool has(const char *field) const { return m_args.contains(field) && !m_args[field].is_null(); }
    std::string string(const char *field, const std::string &fallback = {}) const;
    std::string requiredString(const char *field) const;
    std::int64_t integer(const char *field, std::int64_t fallback) const;
    std::int64_t requiredInteger(const char *field) const;
    double number(const char *field, double fallback) const;
    bool boolean(const char *field, bool fallback) const;
    std::vector<std::string> strings(const char *field) const;
    /// An array of objects (e.g. setBreakpoints' "breakpoints"); empty when absent.
    const Json &array(const char *field) const;

private:
    Json m_args;
};

} // namespace weft::dap
