// SPDX-License-Identifier: MIT
#include "engine/interpreter/libc/Printf.hpp"

#include "engine/base/Message.hpp"
#include "engine/interpreter/Arithmetic.hpp"

#include <cstdio>

namespace weft::interpreter {

namespace {

template <typename T> void appendFormatted(std::string &out, const std::string &spec, T value) {
    char buffer[512];
    int n = std::snprintf(buffer, sizeof buffer, spec.c_str(), value);
    if (n < 0)
        return;
    if (std::size_t(n) < sizeof buffer) {
        out.append(buffer, std::size_t(n));
        return;
    }
    std::string big(std::size_t(n) + 1, '\0');
    std::snprintf(big.data(), big.size(), spec.c_str(), value);
    out.append(big.data(), std::size_t(n));
}

} // namespace

bool formatPrintf(const Memory &memory, const std::string &format, const std::vector<std::uint64_t> &args,
                  std::size_t next, std::string &out, PrintfError &error) {
    auto take = [&](std::uint64_t &v) {
        if (next >= args.size()) {
            error.text = english(MessageKind::FormatNeedsArguments, {"printf", "\"" + format + "\""});
            return false;
        }
        v = args[next++];
        return true;
    };
    for (std::size_t i = 0; i < format.size(); ++i) {
        if (format[i] != '%') {
            out.push_back(format[i]);
            continue;
        }
        std::string spec = "%";
        ++i;
        while (i < format.size() && std::string_view("-+ #0").find(format[i]) != std::string_view::npos)
            spec.push_back(format[i++]);
        auto number = [&]() {
            if (i < format.size() && format[i] == '*') {
                std::uint64_t v = 0;
                if (!take(v))
                    return false;
                spec += std::to_string(signExtend(v & 0xFFFFFFFFu, 32));
                ++i;
                return true;
            }
            while (i < format.size() && format[i] >= '0' && format[i] <= '9')
                spec.push_back(format[i++]);
            return true;
        };
        if (!number())
            return false;
        if (i < format.size() && format[i] == '.') {
            spec.push_back(format[i++]);
            if (!number())
                return false;
        }
        std::string length;
        while (i < format.size() && std::string_view("hlLqjzt").find(format[i]) != std::string_view::npos)
            length.push_back(format[i++]);
        if (i >= format.size()) {
            error.text = english(MessageKind::FormatIncomplete, {"printf", "\"" + format + "\""});
            return false;
        }
        const char conversion = format[i];
        std::uint64_t v = 0;
        switch (conversion) {
        case '%': out.push_back('%'); continue;
        case 'd':
        case 'i': {
            if (!take(v))
                return false;
            const long long s = length == "hh"  ? (long long)(signed char)v
                                : length == "h" ? (long long)(short)v
                                : length.empty() ? (long long)(int)v
                                                 : (long long)v;
            appendFormatted(out, spec + "ll" + conversion, s);
            continue;
        }
        case 'u':
        case 'o':
        case 'x':
        case 'X': {
            if (!take(v))
                return false;
            const unsigned long long u = length == "hh"  ? (unsigned long long)(unsigned char)v
                                         : length == "h" ? (unsigned long long)(unsigned short)v
                                         : length.empty() ? (unsigned long long)(unsigned)v
                                                          : (unsigned long long)v;
            appendFormatted(out, spec + "ll" + conversion, u);
            continue;
        }
        case 'c':
            if (!take(v))
                return false;
            appendFormatted(out, spec + 'c', int(v & 0xFF));
            continue;
        case 'f':
        case 'F':
        case 'e':
        case 'E':
        case 'g':
        case 'G':
        case 'a':
        case 'A':
            if (length == "L") {
                error.text = english(MessageKind::LongDoubleArguments, {"printf"});
                return false;
            }
            if (!take(v))
                return false;
            appendFormatted(out, spec + conversion, asDouble(v));
            continue;
        case 'p':
            if (!take(v))
                return false;
            appendFormatted(out, spec + 'p', reinterpret_cast<void *>(std::uintptr_t(v)));
            continue;
        case 's': {
            if (!take(v))
                return false;
            std::string text;
            if (!memory.readString(v, text, error.fault)) {
                error.memory = true;
                return false;
            }
            appendFormatted(out, spec + 's', text.c_str());
            continue;
        }
        default:
            error.text = english(MessageKind::UnsupportedConversion, {"printf", std::string("'%") + conversion + "'"});
            return false;
        }
    }
    return true;
}

} // namespace weft::interpreter
