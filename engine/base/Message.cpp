// SPDX-License-Identifier: MIT
#include "engine/base/Message.hpp"

#include <cctype>

namespace weft {

namespace {

struct Wording {
    std::string_view text;
    unsigned nested = 0; ///< bit i: argument i is a message
};

constexpr Wording kWordings[] = {
    {"%1"},
    {"%1: %2", 0b10},
    {"%1"},
    {"assertion `%1' failed in %2"},
    {"%1() called"},
    {"exited with status %1"},
    {"data race on %1: %2 and %3, with no synchronisation between them", 0b111},
    {"T%1 reads at %2"},
    {"T%1 writes at %2"},
    {"a %1-byte global variable %2"},
    {"T%1 waits for lock %2"},
    {"T%1 waits to join T%2"},
    {"T%1 waits for the other threads to exit"},
    {"T%1 waits on semaphore %2"},
    {"T%1 waits on condition variable %2"},
    {"T%1 waits at barrier %2"},
    {"T%1 waits to read-lock %2"},
    {"T%1 waits to write-lock %2"},
    {"→ %1", 0b1},
    {"at address %1"},
    {"heap block allocated at %1"},
    {"heap block+%1 allocated at %2"},
    {"local allocated at %1"},
    {"local+%1 allocated at %2"},
    {"unlocked"},
    {"locked by T%1"},
    {"locked by T%1 (%2 times)"},
    {"no waiter"},
    {"waiters: %1"},
    {"waiters: %1 (%2 signal pending)"},
    {"waiters: %1 (%2 signals pending)"},
    {"value %1"},
    {"not initialised"},
    {"%1 of %2 arrived"},
    {"write-locked by T%1"},
    {"read-locked by %1"},
};
static_assert(std::size(kWordings) == std::size_t(MessageKind::Count), "one wording per message kind");

/// The pieces of a template: literal text, or a placeholder (its 0-based argument index).
struct Piece {
    std::string_view literal;
    int argument = -1;
};

std::vector<Piece> piecesOf(std::string_view text) {
    std::vector<Piece> out;
    std::size_t start = 0;
    for (std::size_t i = 0; i + 1 < text.size(); ++i) {
        if (text[i] != '%' || !std::isdigit(static_cast<unsigned char>(text[i + 1])))
            continue;
        if (i > start)
            out.push_back({text.substr(start, i - start)});
        out.push_back({{}, text[i + 1] - '1'});
        start = i + 2;
        ++i;
    }
    if (start < text.size())
        out.push_back({text.substr(start)});
    return out;
}

/// `text` read with `wording`: its arguments, or false when it does not match in whole. An argument
/// is never empty and ends at the first place the next literal fits.
bool match(std::string_view wording, std::string_view text, std::vector<std::string> &args) {
    const std::vector<Piece> pieces = piecesOf(wording);
    std::size_t at = 0;
    args.clear();
    for (std::size_t p = 0; p < pieces.size(); ++p) {
        const Piece &piece = pieces[p];
        if (piece.argument < 0) {
            if (text.substr(at, piece.literal.size()) != piece.literal)
                return false;
            at += piece.literal.size();
            continue;
        }
        std::size_t end = text.size();
        if (p + 1 < pieces.size()) {
            end = text.find(pieces[p + 1].literal, at + 1);
            if (end == std::string_view::npos)
                return false;
        }
        if (end <= at)
            return false;
        if (args.size() <= std::size_t(piece.argument))
            args.resize(std::size_t(piece.argument) + 1);
        args[std::size_t(piece.argument)] = std::string(text.substr(at, end - at));
        at = end;
    }
    return at == text.size();
}

/// "f.c:12" or "f.c:12:5" (no spaces): what a located message starts with.
bool isLocation(std::string_view text) {
    const std::size_t colon = text.find(':');
    if (colon == 0 || colon == std::string_view::npos || text.find(' ') != std::string_view::npos)
        return false;
    std::size_t digits = 0;
    for (std::size_t i = colon + 1; i < text.size(); ++i) {
        if (text[i] == ':' && digits > 0)
            digits = 0;
        else if (std::isdigit(static_cast<unsigned char>(text[i])))
            ++digits;
        else
            return false;
    }
    return digits > 0;
}

} // namespace

std::string_view messageTemplate(MessageKind kind) {
    return std::size_t(kind) < std::size(kWordings) ? kWordings[std::size_t(kind)].text : std::string_view("%1");
}

bool isNestedArgument(MessageKind kind, std::size_t index) {
    return kind == MessageKind::List || (std::size_t(kind) < std::size(kWordings) && index < 32 &&
                                         (kWordings[std::size_t(kind)].nested >> index) & 1);
}

std::string english(const Message &message) {
    if (message.kind == MessageKind::List) {
        std::string out;
        for (const std::string &part : message.args)
            out += (out.empty() ? "" : "; ") + part;
        return out;
    }
    std::string out;
    for (const Piece &piece : piecesOf(messageTemplate(message.kind))) {
        if (piece.argument < 0)
            out += piece.literal;
        else if (std::size_t(piece.argument) < message.args.size())
            out += message.args[std::size_t(piece.argument)];
    }
    return out;
}

std::string english(MessageKind kind, std::vector<std::string> args) { return english(Message{kind, std::move(args)}); }

Message parseMessage(std::string_view text) {
    std::vector<std::string> args;
    if (const std::size_t colon = text.find(": "); colon != std::string_view::npos && isLocation(text.substr(0, colon)))
        return {MessageKind::Located, {std::string(text.substr(0, colon)), std::string(text.substr(colon + 2))}};
    if (text.find("; ") != std::string_view::npos) {
        Message list{MessageKind::List, {}};
        std::size_t start = 0;
        bool all = true;
        while (all) {
            const std::size_t end = std::min(text.find("; ", start), text.size());
            list.args.emplace_back(text.substr(start, end - start));
            all = parseMessage(list.args.back()).kind != MessageKind::Text;
            if (end == text.size())
                break;
            start = end + 2;
        }
        if (all)
            return list;
    }
    // The wording that explains most of the text wins ("locked by T1 (3 times)" is not T"1 (3 times)").
    Message best{MessageKind::Text, {std::string(text)}};
    std::size_t bestArgs = text.size() + 1;
    for (std::size_t k = std::size_t(MessageKind::AssertionFailed); k < std::size_t(MessageKind::Count); ++k) {
        if (!match(kWordings[k].text, text, args))
            continue;
        std::size_t length = 0;
        for (const std::string &a : args)
            length += a.size();
        if (length < bestArgs) {
            best = {MessageKind(k), args};
            bestArgs = length;
        }
    }
    return best;
}

} // namespace weft
