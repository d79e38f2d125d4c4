// SPDX-License-Identifier: MIT
// conflict-create(N) (docs/algorithms.md, "Oracles"): N threads each create a child while holding one mutex;
// nobody joins (main ends with pthread_exit; the reading that gives (1, 10)). Max-configs N!.
#include "tests/model/Programs.hpp"

namespace weft::model {
namespace {

class ConflictCreate final : public ModelProgram {
public:
    explicit ConflictCreate(int threads) : m_threads(threads) {}
    std::string name() const override {
        return "conflict-create(" + std::to_string(m_threads) + ")";
    }

    ModelTask main(ModelThread &self) override {
        for (int x = 0; x < m_threads; ++x)
            co_await self.create([](ModelThread &t) { return creator(t); });
    }

private:
    enum { kM = 1 };
    static ModelTask creator(ModelThread &self) {
        co_await self.lock(kM);
        co_await self.create([](ModelThread &t) { return child(t); });
        co_await self.unlock(kM);
    }
    static ModelTask child(ModelThread &) { co_return; }
    int m_threads;
};

} // namespace

std::unique_ptr<ModelProgram> makeConflictCreate(int threads) {
    return std::make_unique<ConflictCreate>(threads);
}

} // namespace weft::model
