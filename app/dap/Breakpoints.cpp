// SPDX-License-Identifier: MIT
#include "app/dap/Breakpoints.hpp"

#include <cctype>
#include <charconv>
#include <filesystem>

namespace weft::dap {

std::string canonicalPath(const std::string &path) {
    std::error_code ec;
    const std::filesystem::path canonical = std::filesystem::weakly_canonical(path, ec);
    return ec ? path : canonical.string();
}

namespace {

std::string trim(const std::string &s) {
    std::size_t b = 0, e = s.size();
    while (b < e && std::isspace(static_cast<unsigned char>(s[b])))
        ++b;
    while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1])))
        --e;
    return s.substr(b, e - b);
}

/// The number a shown value starts with or contains in parentheses: "42", "-3", "'a' (97)", "2.5".
std::optional<double> numberIn(const std::string &shown) {
    std::string text = trim(shown);
    if (const std::size_t open = text.rfind('('); open != std::string::npos && text.back() == ')')
        text = text.substr(open + 1, text.size() - open - 2);
    double value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc{} || end != text.data() + text.size()) {
        if (text.starts_with("0x")) { // pointers
            unsigned long long bits = 0;
            const auto [hexEnd, hexEc] = std::from_chars(text.data() + 2, text.data() + text.size(), bits, 16);
            if (hexEc == std::errc{} && hexEnd == text.data() + text.size())
                return double(bits);
        }
        return std::nullopt;
    }
    return value;
}

} // namespace

std::optional<Condition> Condition::parse(const std::string &given) {
    const std::string text = trim(given);
    static const char *const ops[] = {"==", "!=", "<=", ">=", "<", ">"};
    for (const char *op : ops) {
        const std::size_t at = text.find(op);
        if (at == std::string::npos)
            continue;
        Condition c{trim(text.substr(0, at)), op, trim(text.substr(at + std::string(op).size()))};
        if (c.variable.empty() || c.value.empty())
            return std::nullopt;
        return c;
    }
    if (text.empty())
        return std::nullopt;
    for (char ch : text)
        if (!(std::isalnum(static_cast<unsigned char>(ch)) || std::string("_.[]->").find(ch) != std::string::npos))
            return std::nullopt;
    return Condition{text, "", ""};
}

bool Condition::holds(const std::string &shown) const {
    if (op.empty()) {
        const std::optional<double> n = numberIn(shown);
        return n ? *n != 0 : shown != "NULL" && shown != "false";
    }
    const std::optional<double> a = numberIn(shown), b = numberIn(value);
    if (a && b) {
        if (op == "==") return *a == *b;
        if (op == "!=") return *a != *b;
        if (op == "<") return *a < *b;
        if (op == "<=") return *a <= *b;
        if (op == ">") return *a > *b;
        return *a >= *b;
    }
    if (op == "==")
        return trim(shown) == value;
    if (op == "!=")
        return trim(shown) != value;
    return false;
}

Json Breakpoints::set(const std::string &path, const Json &requested,
                      const std::function<bool(const std::string &)> &knownFile) {
    std::vector<LineBreakpoint> kept;
    Json out = Json::array();
    const bool known = knownFile(path);
    for (const Json &b : requested) {
        if (!b.is_object() || !b.contains("line") || !b["line"].is_number_integer() || b["line"].get<std::int64_t>() < 1)
            throw RequestError(kBadArguments, "each breakpoint needs a positive integer 'line'");
        LineBreakpoint bp{m_nextId++, std::uint32_t(b["line"].get<std::int64_t>()), std::nullopt};
        Json shown = {{"id", bp.id}, {"line", bp.line}, {"verified", known}};
        if (!known)
            shown["message"] = "not a source file of the launched program";
        if (b.contains("condition") && b["condition"].is_string() && !trim(b["condition"].get<std::string>()).empty()) {
            bp.condition = Condition::parse(b["condition"].get<std::string>());
            if (!bp.condition) {
                shown["verified"] = false;
                shown["message"] = "unsupported condition: write NAME, or NAME OP VALUE with OP one of == != < <= > >=";
                out.push_back(std::move(shown));
                continue;
            }
        }
        if (known)
            kept.push_back(bp);
        out.push_back(std::move(shown));
    }
    const std::string key = canonicalPath(path);
    if (kept.empty())
        m_byFile.erase(key);
    else
        m_byFile[key] = std::move(kept);
    return out;
}

const LineBreakpoint *Breakpoints::at(const std::string &file, std::uint32_t line) const {
    if (m_byFile.empty() || line == 0)
        return nullptr;
    auto search = [&](const std::vector<LineBreakpoint> &list) -> const LineBreakpoint * {
        for (const LineBreakpoint &b : list)
            if (b.line == line)
                return &b;
        return nullptr;
    };
    auto known = m_canonical.find(file);
    if (known == m_canonical.end())
        known = m_canonical.emplace(file, canonicalPath(file)).first;
    if (const auto it = m_byFile.find(known->second); it != m_byFile.end())
        return search(it->second);
    return nullptr;
}

} // namespace weft::dap
