// SPDX-License-Identifier: MIT
#include "engine/interpreter/libc/Scanf.hpp"

#include "engine/base/Message.hpp"

#include <cctype>
#include <cstdlib>
#include <cstring>

namespace weft::interpreter {

namespace {

enum class Length { None, Hh, H, L, Ll, J, Z, T, BigL };

std::size_t integerSize(Length length) {
    switch (length) {
    case Length::Hh: return 1;
    case Length::H: return 2;
    case Length::L: case Length::Ll: case Length::J: case Length::Z: case Length::T: return 8;
    default: return 4;
    }
}

template <typename T> std::vector<std::uint8_t> bytesOf(T value, std::size_t size) {
    std::vector<std::uint8_t> out(size);
    std::memcpy(out.data(), &value, size);
    return out;
}

bool isDigitIn(char c, int base) {
    if (base == 16)
        return std::isxdigit(static_cast<unsigned char>(c)) != 0;
    if (base == 8)
        return c >= '0' && c <= '7';
    return std::isdigit(static_cast<unsigned char>(c)) != 0;
}

/// The longest prefix of text[pos, pos + width) that reads as an integer of `base` (0: from the
/// prefix, as %i); empty if none.
std::string integerText(const std::string &text, std::size_t pos, std::size_t width, int &base) {
    const std::size_t end = std::min(text.size(), pos + width);
    std::size_t i = pos;
    std::string out;
    if (i < end && (text[i] == '+' || text[i] == '-'))
        out.push_back(text[i++]);
    // "0x" counts as a prefix only when a hex digit follows (then the 0 alone is the number).
    if ((base == 0 || base == 16) && i + 2 < end && text[i] == '0' && (text[i + 1] == 'x' || text[i + 1] == 'X') &&
        isDigitIn(text[i + 2], 16)) {
        out += text.substr(i, 2);
        i += 2;
        base = 16;
    }
    if (base == 0)
        base = i < end && text[i] == '0' ? 8 : 10;
    const std::size_t digits = i;
    while (i < end && isDigitIn(text[i], base))
        out.push_back(text[i++]);
    return i == digits ? std::string() : out;
}

/// The longest prefix of text[pos, pos + width) that reads as a floating-point number; empty if none.
std::string floatText(const std::string &text, std::size_t pos, std::size_t width) {
    const std::string window = text.substr(pos, std::min(width, text.size() - pos));
    const char *start = window.c_str();
    char *end = nullptr;
    (void)std::strtod(start, &end);
    return window.substr(0, std::size_t(end - start));
}

} // namespace

ScanResult scanString(const std::string &input, const std::string &format, std::size_t argumentCount) {
    ScanResult r;
    std::size_t in = 0, nextArgument = 0;
    bool anyConversion = false;
    auto fail = [&](bool inputEnded) {
        if (inputEnded && !anyConversion)
            r.assigned = -1;
        return r;
    };
    auto skipSpace = [&] {
        while (in < input.size() && std::isspace(static_cast<unsigned char>(input[in])))
            ++in;
    };
    for (std::size_t f = 0; f < format.size(); ++f) {
        const char fc = format[f];
        if (std::isspace(static_cast<unsigned char>(fc))) {
            skipSpace();
            continue;
        }
        if (fc != '%' || (f + 1 < format.size() && format[f + 1] == '%')) {
            if (fc == '%') {
                ++f;
                skipSpace();
            }
            if (in >= input.size())
                return fail(true);
            if (input[in] != fc)
                return r;
            ++in;
            continue;
        }
        ++f;
        bool suppress = false;
        if (f < format.size() && format[f] == '*') {
            suppress = true;
            ++f;
        }
        std::size_t width = 0;
        while (f < format.size() && std::isdigit(static_cast<unsigned char>(format[f])))
            width = width * 10 + std::size_t(format[f++] - '0');
        Length length = Length::None;
        if (f < format.size()) {
            switch (format[f]) {
            case 'h': length = f + 1 < format.size() && format[f + 1] == 'h' ? (++f, Length::Hh) : Length::H; ++f; break;
            case 'l': length = f + 1 < format.size() && format[f + 1] == 'l' ? (++f, Length::Ll) : Length::L; ++f; break;
            case 'q': length = Length::Ll; ++f; break;
            case 'j': length = Length::J; ++f; break;
            case 'z': length = Length::Z; ++f; break;
            case 't': length = Length::T; ++f; break;
            case 'L': length = Length::BigL; ++f; break;
            default: break;
            }
        }
        if (f >= format.size()) {
            r.error = english(MessageKind::FormatEndsInConversion, {"sscanf", "\"" + format + "\""});
            return r;
        }
        const char conversion = format[f];
        std::size_t argument = 0;
        const bool assigns = !suppress;
        if (assigns) {
            if (nextArgument >= argumentCount) {
                r.error = english(MessageKind::FormatNeedsArguments, {"sscanf", "\"" + format + "\""});
                return r;
            }
            argument = nextArgument++;
        }
        if (conversion == 'n') {
            if (assigns)
                r.stores.push_back({argument, bytesOf(std::int64_t(in), integerSize(length))});
            continue;
        }
        if (conversion != 'c' && conversion != '[')
            skipSpace();
        if (in >= input.size())
            return fail(true);
        const std::size_t limit = width ? width : std::size_t(-1) / 2;
        switch (conversion) {
        case 'd': case 'i': case 'u': case 'o': case 'x': case 'X': case 'p': {
            int base = conversion == 'i' ? 0 : conversion == 'o' ? 8 : (conversion == 'x' || conversion == 'X' || conversion == 'p') ? 16 : 10;
            const std::string text = integerText(input, in, limit, base);
            if (text.empty())
                return r;
            in += text.size();
            if (assigns) {
                const bool isSigned = conversion == 'd' || conversion == 'i';
                const std::size_t size = conversion == 'p' ? 8 : integerSize(length);
                if (isSigned)
                    r.stores.push_back({argument, bytesOf(std::strtoll(text.c_str(), nullptr, base), size)});
                else
                    r.stores.push_back({argument, bytesOf(std::strtoull(text.c_str(), nullptr, base), size)});
                ++r.assigned;
            }
            break;
        }
        case 'f':
        case 'F':
        case 'e':
        case 'E':
        case 'g':
        case 'G':
        case 'a':
        case 'A': {
            const std::string text = floatText(input, in, limit);
            if (text.empty())
                return r;
            in += text.size();
            if (assigns) {
                if (length == Length::BigL) {
                    // The x86-64 long double's 10 bytes (and 6 of padding): stored exactly, though
                    // computing with it is an unsupported operation.
                    const long double v = std::strtold(text.c_str(), nullptr);
                    std::vector<std::uint8_t> bytes(16, 0);
                    std::memcpy(bytes.data(), &v, 10);
                    r.stores.push_back({argument, std::move(bytes)});
                } else if (length == Length::L) {
                    r.stores.push_back({argument, bytesOf(std::strtod(text.c_str(), nullptr), 8)});
                } else {
                    r.stores.push_back(
                        {argument, bytesOf(std::strtof(text.c_str(), nullptr), 4)}); // no double rounding
                }
                ++r.assigned;
            }
            break;
        }
        case 's': {
            std::size_t start = in;
            while (in < input.size() && in - start < limit && !std::isspace(static_cast<unsigned char>(input[in])))
                ++in;
            if (assigns) {
                std::vector<std::uint8_t> bytes(input.begin() + std::ptrdiff_t(start), input.begin() + std::ptrdiff_t(in));
                bytes.push_back(0);
                r.stores.push_back({argument, std::move(bytes)});
                ++r.assigned;
            }
            break;
        }
        case 'c': {
            const std::size_t n = width ? width : 1;
            if (input.size() - in < n) {
                in = input.size();
                return fail(true);
            }
            if (assigns) {
                r.stores.push_back({argument, std::vector<std::uint8_t>(input.begin() + std::ptrdiff_t(in),
                                                                        input.begin() + std::ptrdiff_t(in + n))});
                ++r.assigned;
            }
            in += n;
            break;
        }
        case '[': {
            ++f;
            bool negate = false;
            if (f < format.size() && format[f] == '^') {
                negate = true;
                ++f;
            }
            bool set[256] = {};
            const std::size_t first = f;
            for (; f < format.size() && (format[f] != ']' || f == first); ++f) {
                if (format[f] == '-' && f > first && f + 1 < format.size() && format[f + 1] != ']') {
                    for (int c = static_cast<unsigned char>(format[f - 1]); c <= static_cast<unsigned char>(format[f + 1]); ++c)
                        set[c] = true;
                    ++f;
                } else {
                    set[static_cast<unsigned char>(format[f])] = true;
                }
            }
            if (f >= format.size()) {
                r.error = english(MessageKind::UnterminatedSet, {"sscanf", "\"" + format + "\""});
                return r;
            }
            const std::size_t start = in;
            while (in < input.size() && in - start < limit && set[static_cast<unsigned char>(input[in])] != negate)
                ++in;
            if (in == start)
                return r;
            if (assigns) {
                std::vector<std::uint8_t> bytes(input.begin() + std::ptrdiff_t(start), input.begin() + std::ptrdiff_t(in));
                bytes.push_back(0);
                r.stores.push_back({argument, std::move(bytes)});
                ++r.assigned;
            }
            break;
        }
        default:
            r.error = english(MessageKind::UnknownConversion,
                              {"sscanf", std::string("'%") + conversion + "'", "\"" + format + "\""});
            return r;
        }
        anyConversion = true;
    }
    return r;
}

} // namespace weft::interpreter
