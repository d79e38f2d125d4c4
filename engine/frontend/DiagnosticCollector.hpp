// SPDX-License-Identifier: MIT
// Collects Clang's diagnostics (driver and compiler) as weft::Diagnostic values, in emission order.
// Internal to frontend/; one collector per compilation, used on one thread.
#pragma once

#include "engine/base/Diagnostic.hpp"

#include <memory>
#include <vector>

namespace clang {
class DiagnosticConsumer;
} // namespace clang

namespace weft::frontend {

class DiagnosticCollector {
public:
    DiagnosticCollector();
    ~DiagnosticCollector();
    DiagnosticCollector(const DiagnosticCollector &) = delete;
    DiagnosticCollector &operator=(const DiagnosticCollector &) = delete;

    /// The consumer to hand to a clang::DiagnosticsEngine (not owned by it).
    clang::DiagnosticConsumer &consumer();
    /// Adds a diagnostic that did not come from Clang (e.g. an I/O or IR parse error).
    void add(Diagnostic diagnostic);
    bool hasErrors() const;
    const std::vector<Diagnostic> &diagnostics() const;
    std::vector<Diagnostic> take();

private:
    class Consumer;
    std::unique_ptr<Consumer> m_consumer;
};

} // namespace weft::frontend
