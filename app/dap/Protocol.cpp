// SPDX-License-Identifier: MIT
#include "app/dap/Protocol.hpp"

namespace weft::dap {

Json makeResponse(std::int64_t seq, const Json &request, Json body) {
    return {{"seq", seq},
            {"type", "response"},
            {"request_seq", request.value("seq", std::int64_t{0})},
            {"command", request.value("command", std::string())},
            {"success", true},
            {"body", std::move(body)}};
}

Json makeErrorResponse(std::int64_t seq, std::int64_t requestSeq, const std::string &command, ErrorId id,
                       const std::string &text) {
    // `format` is shown by clients with {name} placeholders expanded: escape braces from user text.
    std::string format;
    for (char c : text)
        format += c == '{' ? "{{" : c == '}' ? "}}" : std::string(1, c);
    return {{"seq", seq},
            {"type", "response"},
            {"request_seq", requestSeq},
            {"command", command},
            {"success", false},
            {"message", text},
            {"body", {{"error", {{"id", int(id)}, {"format", text}, {"showUser", id == kLaunchFailed}}}}}};
}

Json makeEvent(std::int64_t seq, const std::string &event, Json body) {
    return {{"seq", seq}, {"type", "event"}, {"event", event}, {"body", std::move(body)}};
}

namespace {

[[noreturn]] void badType(const char *field, const char *expected) {
    throw RequestError(kBadArguments, std::string("argument '") + field + "' must be " + expected);
}

} // namespace

Arguments::Arguments(const Json &request) {
    const auto it = request.find("arguments");
    if (it == request.end() || it->is_null())
        m_args = Json::object();
    else if (it->is_object())
        m_args = *it;
    else
        throw RequestError(kBadArguments, "'arguments' must be an object");
}

std::string Arguments::string(const char *field, const std::string &fallback) const {
    if (!has(field))
        return fallback;
    if (!m_args[field].is_string())
        badType(field, "a string");
    return m_args[field].get<std::string>();
}

std::string Arguments::requiredString(const char *field) const {
    if (!has(field))
        throw RequestError(kBadArguments, std::string("argument '") + field + "' is missing");
    return string(field);
}

std::int64_t Arguments::integer(const char *field, std::int64_t fallback) const {
    if (!has(field))
        return fallback;
    if (!m_args[field].is_number_integer())
        badType(field, "an integer");
    return m_args[field].get<std::int64_t>();
}

std::int64_t Arguments::requiredInteger(const char *field) const {
    if (!has(field))
        throw RequestError(kBadArguments, std::string("argument '") + field + "' is missing");
    return integer(field, 0);
}

double Arguments::number(const char *field, double fallback) const {
    if (!has(field))
        return fallback;
    if (!m_args[field].is_number())
        badType(field, "a number");
    return m_args[field].get<double>();
}

bool Arguments::boolean(const char *field, bool fallback) const {
    if (!has(field))
        return fallback;
    if (!m_args[field].is_boolean())
        badType(field, "true or false");
    return m_args[field].get<bool>();
}

std::vector<std::string> Arguments::strings(const char *field) const {
    std::vector<std::string> out;
    if (!has(field))
        return out;
    if (!m_args[field].is_array())
        badType(field, "an array of strings");
    for (const Json &s : m_args[field]) {
        if (!s.is_string())
            badType(field, "an array of strings");
        out.push_back(s.get<std::string>());
    }
    return out;
}

const Json &Arguments::array(const char *field) const {
    static const Json empty = Json::array();
    if (!has(field))
        return empty;
    if (!m_args[field].is_array())
        badType(field, "an array");
    return m_args[field];
}

} // namespace weft::dap
