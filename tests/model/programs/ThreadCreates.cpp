// SPDX-License-Identifier: MIT
// thread-creates(N) (docs/algorithms.md, "Oracles"): a chain of creations, main -> T1 -> ... -> TN, each
// thread joining the child it created (the reading that gives 4N+2 events). One configuration.
#include "tests/model/Programs.hpp"

namespace weft::model {
namespace {

class ThreadCreates final : public ModelProgram {
public:
    explicit ThreadCreates(int threads) : m_threads(threads) {}
    std::string name() const override {
        return "thread-creates(" + std::to_string(m_threads) + ")";
    }

    ModelTask main(ModelThread &self) override { return link(self, m_threads); }

private:
    /// Creates the rest of the chain (`remaining` threads) and joins its head.
    static ModelTask link(ModelThread &self, int remaining) {
        if (remaining == 0)
            co_return;
        const auto child = ThreadId(
            co_await self.create([remaining](ModelThread &t) { return link(t, remaining - 1); }));
        co_await self.join(child);
    }
    int m_threads;
};

} // namespace

std::unique_ptr<ModelProgram> makeThreadCreates(int threads) {
    return std::make_unique<ThreadCreates>(threads);
}

} // namespace weft::model
