// SPDX-License-Identifier: MIT
// factorial-conflicts(N) (docs/algorithms.md, "Oracles"): N threads each increment a counter under one mutex;
// main joins them all and asserts the total. Max-configs N!.
#include "tests/model/Programs.hpp"

#include <vector>

namespace weft::model {
namespace {

class FactorialConflicts final : public ModelProgram {
public:
    explicit FactorialConflicts(int threads) : m_threads(threads) {}
    std::string name() const override {
        return "factorial-conflicts(" + std::to_string(m_threads) + ")";
    }
    void reset() override { m_count = 0; }

    ModelTask main(ModelThread &self) override {
        std::vector<ThreadId> threads;
        for (int x = 0; x < m_threads; ++x)
            threads.push_back(
                ThreadId(co_await self.create([this](ModelThread &t) { return increment(t); })));
        for (ThreadId t : threads)
            co_await self.join(t);
        co_await self.check(m_count == m_threads, "count == N");
    }

private:
    enum { kM = 1 };
    ModelTask increment(ModelThread &self) {
        co_await self.lock(kM);
        ++m_count;
        co_await self.unlock(kM);
    }
    int m_threads;
    int m_count = 0;
};

} // namespace

std::unique_ptr<ModelProgram> makeFactorialConflicts(int threads) {
    return std::make_unique<FactorialConflicts>(threads);
}

} // namespace weft::model
