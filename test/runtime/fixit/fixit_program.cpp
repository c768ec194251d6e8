// Runtime proof of the fix-its: every call in run_all() throws on LibTorch
// 1.13.1 as written (the same shapes as runtime_cases.cpp's mm_f32_f16,
// mm_f64_f32 ...). fixit_test.sh applies `torchdtype-tidy --fix`, compiles
// the fixed copy and runs it: it must print "fixed program ran" and exit 0.
#include <torch/torch.h>

#include <iostream>

static void run_all() {
  auto a = torch::randn({2, 2});
  auto h = torch::randn({2, 2}, torch::kHalf);
  auto d = torch::randn({2, 2}, torch::kDouble);
  auto r1 = torch::mm(a, h);
  auto r2 = torch::mm(a, d);
  auto r3 = a.matmul(h * 2);
  auto r4 = h.mm(a);
  auto r5 = torch::mm(a, torch::randn({2, 2}, torch::kHalf));
  std::cout << r1.scalar_type() << " " << r2.scalar_type() << " "
            << r3.scalar_type() << " " << r4.scalar_type() << " "
            << r5.scalar_type() << "\n";
}

// Compiled, not run (this CPU build has no MPS device).
[[maybe_unused]] static torch::Tensor to_mps(const torch::Tensor &x) {
  auto d = x.to(torch::kDouble);
  return d.to(torch::Device("mps"));
}

int main() {
  try {
    run_all();
  } catch (const c10::Error &e) {
    std::cout << "threw: " << e.what_without_backtrace() << "\n";
    return 1;
  }
  std::cout << "fixed program ran\n";
  return 0;
}
