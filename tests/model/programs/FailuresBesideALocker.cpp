// SPDX-License-Identifier: MIT
// failures-beside-a-locker (engine/unfolding/README.md, "Program ends"): main creates T1 and T2, which fail at
// once (one of them inside an atomic section if asked), and T3, which locks and unlocks one mutex twice (or runs two
// atomic sections). The executor's end rules on the smallest program that has two ends and a thread that can still
// move.
#include "tests/model/ModelMachine.hpp"
#include "tests/model/Programs.hpp"

namespace weft::model {
namespace {

class FailuresBesideALocker final : public ModelProgram {
public:
    FailuresBesideALocker(ThreadId inSection, bool secondPasses, bool lockerInSections)
        : m_inSection(inSection), m_secondPasses(secondPasses), m_lockerInSections(lockerInSections) {}
    std::string name() const override { return "failures-beside-a-locker"; }
    ModelTask main(ModelThread &self) override {
        co_await self.create([this](ModelThread &t) { return first(t); });
        co_await self.create([this](ModelThread &t) { return second(t); });
        co_await self.create([this](ModelThread &t) { return lockTwice(t); });
    }

private:
    ModelTask first(ModelThread &self) { co_await fail(self, false, "T1"); }
    ModelTask second(ModelThread &self) { co_await fail(self, m_secondPasses, "T2"); }
    ModelThread::Awaiter fail(ModelThread &self, bool passes, std::string message) {
        return self.id() == m_inSection ? self.checkInSection(passes, std::move(message))
                                        : self.check(passes, std::move(message));
    }
    ModelTask lockTwice(ModelThread &self) {
        const int m = m_lockerInSections ? int(ModelMachine::kSectionLock) : 1;
        for (int i = 0; i < 2; ++i) {
            co_await self.lock(m);
            co_await self.unlock(m);
        }
    }
    ThreadId m_inSection;
    bool m_secondPasses;
    bool m_lockerInSections;
};

} // namespace

std::unique_ptr<ModelProgram> makeFailuresBesideALocker(ThreadId inSection, bool secondPasses, bool lockerInSections) {
    return std::make_unique<FailuresBesideALocker>(inSection, secondPasses, lockerInSections);
}

} // namespace weft::model
