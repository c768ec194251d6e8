// torchdtype-mixed-precision: a branch a loop takes from some iteration on
// (`if (step > warmup)`, a counter compared with a constant) stays apart from
// the paths that did not take it across `++step`: the bound it assumed is
// kept, shifted by the step once (`step > 4` after `++step` from `step > 3`),
// so what the branch converted meets the next iteration's ops, and a branch
// taken on the last iteration only is told by the loop's condition.
// RUN: %check_clang_tidy %s torchdtype-mixed-precision %t
#include <torch/torch.h>

bool flag();

#define COMPRESS(x) ((x) = (x).to(torch::kBFloat16))

// ---- Positives ---------------------------------------------------------------

void compressed_after_warmup() {
  auto w = torch::randn({8, 8});
  auto h = torch::zeros({2, 8});
  for (int step = 0; step < 12; ++step) {
    auto pre = torch::mm(h, w);
    // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: 'mm' requires operands of the same dtype but gets BFloat16 and Float; {{.*}} [torchdtype-mixed-precision]
    h = torch::tanh(pre);
    if (step > 3)
      h = h.to(torch::kBFloat16);
  }
}

void while_loop_from_the_fifth_batch() {
  auto w = torch::randn({8, 8});
  auto acc = torch::zeros({2, 8});
  int batch = 0;
  while (batch < 20) {
    auto z = torch::mm(acc, w);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'mm' requires operands of the same dtype but gets Double and Float; {{.*}} [torchdtype-mixed-precision]
    if (batch >= 5)
      acc = acc.to(torch::kDouble);
    ++batch;
  }
}

void counting_down_below_three() {
  auto w = torch::randn({8, 8});
  auto h = torch::zeros({2, 8});
  for (int left = 10; left > 0; --left) {
    auto y = torch::mm(h, w);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'mm' requires operands of the same dtype but gets Double and Float; {{.*}} [torchdtype-mixed-precision]
    if (left < 3)
      h = h.to(torch::kDouble);
  }
}

void macro_compresses_after_warmup() {
  auto w = torch::randn({8, 8});
  auto h = torch::zeros({2, 8});
  for (int step = 0; step < 12; step++) {
    auto pre = torch::mm(h, w);
    // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: 'mm' requires operands of the same dtype but gets BFloat16 and Float; {{.*}} [torchdtype-mixed-precision]
    if (step >= 2)
      COMPRESS(h);
  }
}

// Two steps in one body: the carried bound is shifted once only, so the
// loop's paths converge.
void two_steps_per_iteration() {
  auto w = torch::randn({8, 8});
  auto h = torch::zeros({2, 8});
  for (int step = 0; step < 40;) {
    auto pre = torch::mm(h, w);
    // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: 'mm' requires operands of the same dtype but gets BFloat16 and Float; {{.*}} [torchdtype-mixed-precision]
    if (step > 3)
      h = h.to(torch::kBFloat16);
    ++step;
    if (flag())
      ++step;
  }
}

// ---- Negatives -----------------------------------------------------------------

void converted_on_the_last_iteration_only() {
  auto w = torch::randn({8, 8});
  auto h = torch::zeros({2, 8});
  for (int step = 0; step < 10; ++step) {
    auto pre = torch::mm(h, w);
    if (step >= 9)
      h = h.to(torch::kBFloat16);
  }
}

void converted_back_before_the_next_iteration() {
  auto w = torch::randn({8, 8});
  auto h = torch::zeros({2, 8});
  for (int step = 0; step < 12; ++step) {
    auto pre = torch::mm(h, w);
    if (step > 3) {
      auto kept = h.to(torch::kBFloat16);
      h = kept.to(torch::kFloat);
    }
  }
}

void unknown_condition_joins() {
  auto w = torch::randn({8, 8});
  auto h = torch::zeros({2, 8});
  for (int step = 0; step < 12; ++step) {
    auto pre = torch::mm(h, w);
    if (flag())
      h = h.to(torch::kBFloat16);
  }
}

void lambda_converts_back() {
  auto w = torch::randn({8, 8});
  auto run = [&w] {
    auto h = torch::zeros({2, 8});
    for (int step = 0; step < 12; ++step) {
      auto pre = torch::mm(h, w);
      if (step > 3)
        h = h.to(torch::kBFloat16).to(torch::kFloat);
    }
  };
  run();
}

template <typename T> void template_keeps_float() {
  auto w = torch::randn({8, 8});
  auto h = torch::zeros({2, 8});
  for (T step = 0; step < 12; ++step) {
    auto pre = torch::mm(h, w);
    if (step > 3)
      h = torch::tanh(h);
  }
}
template void template_keeps_float<int>();
