// SPDX-License-Identifier: MIT
// Programs whose threads end holding locks (Fig. 2, blocked2, blocked3: docs/algorithms.md, "Oracles").
#include "tests/model/Programs.hpp"

namespace weft::model {
namespace {

class Fig2 final : public ModelProgram {
public:
    std::string name() const override { return "fig2"; }
    void reset() override { y = 0, z = 0; }

    ModelTask main(ModelThread &self) override {
        co_await self.create([this](ModelThread &t) { return thread0(t); });
        co_await self.create([this](ModelThread &t) { return thread1(t); });
        co_await self.create([this](ModelThread &t) { return thread2(t); });
    }

private:
    enum { M = 1, M2 = 2 };
    ModelTask thread0(ModelThread &self) {
        int x = 0; // local
        (void)x;
        co_await self.lock(M);
        if (y == 0) {
            co_await self.unlock(M);
        } else {
            co_await self.lock(M2);
            z = 2; // ends holding m and m'
        }
    }
    ModelTask thread1(ModelThread &self) {
        co_await self.lock(M);
        y = 1;
        co_await self.unlock(M);
    }
    ModelTask thread2(ModelThread &self) {
        co_await self.lock(M2);
        z = 3;
        co_await self.unlock(M2);
    }
    int y = 0, z = 0;
};

class Blocked final : public ModelProgram {
public:
    explicit Blocked(int threads) : m_threads(threads) {}
    std::string name() const override { return m_threads == 2 ? "blocked2" : "blocked3"; }

    ModelTask main(ModelThread &self) override {
        for (int i = 0; i < m_threads; ++i)
            co_await self.create([this](ModelThread &t) { return m_threads == 2 ? worker2(t) : worker3(t); });
    }

private:
    static ModelTask worker2(ModelThread &self) { co_await self.lock(1); }
    static ModelTask worker3(ModelThread &self) {
        co_await self.lock(1);
        co_await self.unlock(1);
        co_await self.lock(2);
    }
    int m_threads;
};

} // namespace

std::unique_ptr<ModelProgram> makeFig2() { return std::make_unique<Fig2>(); }
std::unique_ptr<ModelProgram> makeBlocked2() { return std::make_unique<Blocked>(2); }
std::unique_ptr<ModelProgram> makeBlocked3() { return std::make_unique<Blocked>(3); }

} // namespace weft::model
