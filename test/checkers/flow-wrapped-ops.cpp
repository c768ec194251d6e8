// LibTorch's wrappers outside the op namespaces (torch::fft::rfft,
// torch::linalg::inv through torch::linalg::detail) are the aten ops they
// pass their parameters to, so the measured table decides them; a complex
// result is kept (rfft of float64 is complex128), and abs, angle, real and
// view_as_real of a complex tensor give its real dtype (observed on 1.13.1).
// The table is 1.13.1's, and 2.x's wrappers pass std::move(n) on.
// REAL-VERSION: ==1.13
// RUN: %check_clang_tidy %s torchdtype-mixed-precision,torchdtype-module-input-dtype %t -- -config="{CheckOptions: {PyTorchVersion: '1.13'}}"
#include <torch/torch.h>

bool flag();
#define POWER(x) torch::fft::rfft(x).abs().pow(2)

// ---- Positives ------------------------------------------------------------

void power_spectrum_of_doubles() {
  auto frames = torch::randn({4, 400}, torch::kFloat64);
  auto mel_basis = torch::randn({201, 80});
  auto power = torch::fft::rfft(frames).abs().pow(2);
  auto mel = torch::matmul(power, mel_basis);
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'matmul' requires operands of the same dtype but gets Double and Float{{.*}} [torchdtype-mixed-precision]
}

void windowed_frames_in_double() {
  auto frames = torch::randn({4, 400}, torch::kFloat64);
  auto window = torch::hann_window(400, torch::kFloat64);
  auto power = torch::fft::rfft(frames * window).abs().pow(2);
  torch::matmul(power, torch::zeros({201, 80}));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'matmul' requires operands of the same dtype but gets Double and Float{{.*}} [torchdtype-mixed-precision]
}

void complex_spectrum_into_a_float_matmul() {
  auto spectrum = torch::fft::rfft(torch::randn({4, 8}, torch::kFloat64));
  torch::mm(spectrum, torch::randn({5, 3}));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'mm' requires operands of the same dtype but gets ComplexDouble and Float; this throws at run time: "expected scalar type ComplexDouble but found Float"{{.*}} [torchdtype-mixed-precision]
}

void inverse_through_detail() {
  auto cov = torch::eye(3, torch::kFloat64);
  torch::nn::Linear head(3, 1);
  head(torch::linalg::inv(cov));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: module 'head' has Float parameters but gets a Double input{{.*}} [torchdtype-module-input-dtype]
}

void real_part_on_a_branch(bool wide) {
  torch::Tensor x = torch::randn({4, 8});
  if (wide)
    x = x.to(torch::kFloat64);
  auto re = torch::real(torch::fft::rfft(x));
  if (wide) {
    torch::mm(re, torch::randn({5, 2}));
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'mm' requires operands of the same dtype but gets Double and Float{{.*}} [torchdtype-mixed-precision]
  }
}

void in_a_loop_a_lambda_and_a_macro() {
  auto weights = torch::randn({5, 2});
  auto phase = [](const torch::Tensor &t) { return torch::angle(torch::fft::rfft(t)); };
  for (int i = 0; i < 2; ++i) {
    torch::mm(phase(torch::randn({4, 8}, torch::kFloat64)), weights);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'mm' requires operands of the same dtype but gets Double and Float{{.*}} [torchdtype-mixed-precision]
  }
  torch::mm(POWER(torch::randn({4, 8}, torch::kFloat64)), weights);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'mm' requires operands of the same dtype but gets Double and Float{{.*}} [torchdtype-mixed-precision]
}

template <typename T> torch::Tensor spectrum_of(const T &x) {
  return torch::fft::rfft(x).abs();
}

void through_a_template() {
  torch::mm(spectrum_of(torch::randn({4, 8}, torch::kFloat64)),
            torch::randn({5, 2}));
  // CHECK-MESSAGES: :[[@LINE-2]]:3: warning: 'mm' requires operands of the same dtype but gets Double and Float{{.*}} [torchdtype-mixed-precision]
}

// ---- Negatives ------------------------------------------------------------

void float_power_spectrum() {
  auto power =
      torch::fft::rfft(torch::randn({4, 400}) * torch::hann_window(400)).abs().pow(2);
  torch::matmul(power, torch::randn({201, 80}));
}

void doubles_kept_together() {
  auto frames = torch::randn({4, 400}, torch::kFloat64);
  auto power = torch::fft::rfft(frames).abs();
  torch::matmul(power, torch::randn({201, 80}, torch::kFloat64));
}

void round_trip_is_real() {
  auto x = torch::randn({4, 8});
  auto back = torch::fft::irfft(torch::fft::rfft(x));
  torch::mm(back, torch::randn({8, 2}));
}

void inverse_of_floats() {
  torch::nn::Linear head(3, 1);
  head(torch::linalg::inv(torch::eye(3)));
}

void unknown_precision() {
  auto x = torch::randn({4, 8}, flag() ? torch::kFloat64 : torch::kFloat32);
  torch::mm(torch::fft::rfft(x).abs(), torch::randn({5, 2}));
}
