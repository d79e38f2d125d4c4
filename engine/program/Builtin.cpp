// SPDX-License-Identifier: MIT
#include "engine/program/Builtin.hpp"

#include "engine/base/Message.hpp"

#include <array>
#include <utility>

namespace weft::program {

namespace {

constexpr std::array<std::string_view, std::size_t(Builtin::Count)> kSymbols = {
#define WEFT_BUILTIN(name, symbol) symbol,
#include "engine/program/Builtins.def"
};

/// Prefixes of known functions that a later step will implement, with what they belong to.
constexpr std::pair<std::string_view, MessageKind> kLater[] = {
    {"pthread_mutexattr_", MessageKind::MutexAttributes},
    {"pthread_condattr_", MessageKind::ConditionAttributes},
    {"pthread_barrierattr_", MessageKind::BarrierAttributes},
    {"pthread_cancel", MessageKind::ThreadCancellation},
    {"pthread_kill", MessageKind::Signals},
    {"sem_", MessageKind::NamedSemaphores},
};

} // namespace

std::string_view builtinSymbol(Builtin builtin) { return kSymbols[std::size_t(builtin)]; }

std::optional<Builtin> findBuiltin(std::string_view symbol) {
    for (std::size_t i = 0; i < kSymbols.size(); ++i)
        if (kSymbols[i] == symbol)
            return Builtin(i);
    if (symbol.starts_with("pthread_attr_"))
        return Builtin::AttrOther; // other thread attributes (stack size, scheduling) have no effect
    if (symbol.starts_with("pthread_rwlockattr_"))
        return Builtin::RwlockAttrOther; // the kind (reader or writer preference), process sharing
    return std::nullopt;
}

std::string unsupportedReason(std::string_view symbol) {
    for (const auto &[prefix, what] : kLater)
        if (symbol.starts_with(prefix))
            return english(what, {});
    return {};
}

} // namespace weft::program
