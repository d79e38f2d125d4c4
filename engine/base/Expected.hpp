// SPDX-License-Identifier: MIT
// Expected<T>: a value, or the diagnostics explaining why there is none (shaped like C++23 std::expected).
// Bad user input travels as this; the engine never throws.
#pragma once

#include "engine/base/Diagnostic.hpp"

#include <cassert>
#include <utility>
#include <variant>
#include <vector>

namespace weft {

/// The error side of Expected: never empty.
struct Unexpected {
    std::vector<Diagnostic> diagnostics;
    explicit Unexpected(Diagnostic d) : diagnostics{std::move(d)} {}
    explicit Unexpected(std::vector<Diagnostic> ds) : diagnostics(std::move(ds)) {
        assert(!diagnostics.empty());
    }
};

template <typename T> class [[nodiscard]] Expected {
public:
    Expected(T value) : m_data(std::move(value)) {}
    Expected(Unexpected error) : m_data(std::move(error)) {}

    bool has_value() const { return m_data.index() == 0; }
    explicit operator bool() const { return has_value(); }

    T &value() { assert(has_value()); return std::get<0>(m_data); }
    const T &value() const { assert(has_value()); return std::get<0>(m_data); }
    T &operator*() { return value(); }
    const T &operator*() const { return value(); }
    T *operator->() { return &value(); }
    const T *operator->() const { return &value(); }

    const std::vector<Diagnostic> &error() const {
        assert(!has_value());
        return std::get<1>(m_data).diagnostics;
    }

private:
    std::variant<T, Unexpected> m_data;
};

} // namespace weft
