// torchdtype-unsupported-dtype on functionals whose options pick the op:
// F::interpolate runs upsample_linear1d, upsample_bilinear2d,
// upsample_bicubic2d or upsample_trilinear3d for kLinear, kBilinear,
// kBicubic and kTrilinear (api.json functional_ops), whose 1.13 CPU kernels
// take Float, Double and BFloat16 only (the measured table). kNearest and
// kArea pick their op by the input's rank, and antialias(true) other
// kernels: not judged. Only a 1.13 target is judged.
// RUN: %check_clang_tidy -check-suffix=V113 %s torchdtype-unsupported-dtype %t -- -config="{CheckOptions: {PyTorchVersion: '1.13'}}"
// RUN: %check_clang_tidy -check-suffix=V214 %s torchdtype-unsupported-dtype %t
#include <torch/torch.h>

namespace F = torch::nn::functional;

bool flag();
#define RESIZE(x) F::interpolate((x), F::InterpolateFuncOptions().size(std::vector<int64_t>{8, 8}).mode(torch::kBilinear).align_corners(false))

// ---- Positives ------------------------------------------------------------

void uint8_frame_bilinear() {
  auto frame = torch::zeros({1, 3, 16, 16}, torch::kByte);
  auto small = F::interpolate(frame, F::InterpolateFuncOptions()
                                         .size(std::vector<int64_t>{8, 8})
                                         .mode(torch::kBilinear)
                                         .align_corners(false));
  // CHECK-MESSAGES-V113: :[[@LINE-4]]:16: warning: 'interpolate' does not take Byte 'frame' in PyTorch 1.13 (Float, Double or BFloat16 would run); this throws at run time: ""compute_indices_weights_linear" not implemented for 'Byte'" [kb: pytorch/dtype-not-implemented] [torchdtype-unsupported-dtype]
  // CHECK-MESSAGES-V113: :[[@LINE-6]]:{{[0-9]+}}: note: operand 'frame' has dtype Byte from here
}

void options_in_a_variable() {
  auto opts = F::InterpolateFuncOptions()
                  .scale_factor(std::vector<double>{2.0, 2.0})
                  .mode(torch::kBicubic)
                  .align_corners(false);
  auto mask = torch::zeros({1, 1, 4, 4}, torch::kInt);
  auto up = F::interpolate(mask, opts);
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:13: warning: 'interpolate' does not take Int 'mask'{{.*}}"compute_indices_weights_cubic" not implemented for 'Int'"{{.*}}
}

void int64_signal_linear() {
  auto counts = torch::zeros({1, 1, 10}, torch::kLong);
  auto up = F::interpolate(counts, F::InterpolateFuncOptions().size(std::vector<int64_t>{20}).mode(torch::kLinear).align_corners(false));
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:13: warning: 'interpolate' does not take Long 'counts'{{.*}}
}

// Branches: the dtype on the path that reaches the call.
void on_one_branch(bool raw) {
  auto frame = torch::zeros({1, 3, 16, 16}, torch::kByte);
  if (!raw)
    frame = frame.to(torch::kFloat);
  auto small = RESIZE(frame);
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:16: warning: 'interpolate' does not take Byte 'frame'{{.*}}
  // CHECK-MESSAGES-V113: :[[@LINE-4]]:7: note: assuming 'raw' is true
}

// Loops, lambdas, templates, macros.
void in_a_loop() {
  for (int i = 0; i < 2; ++i) {
    auto frame = torch::zeros({1, 3, 16, 16}, torch::kByte);
    auto small = RESIZE(frame);
    // CHECK-MESSAGES-V113: :[[@LINE-1]]:18: warning: 'interpolate' does not take Byte 'frame'{{.*}}
  }
}

void in_a_lambda() {
  auto resize = [](const torch::Tensor &img) { return RESIZE(img); };
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:55: warning: 'interpolate' does not take Byte 'img'{{.*}}
  resize(torch::zeros({1, 3, 16, 16}, torch::kByte));
}

template <typename T> torch::Tensor resize_any(const T &img) {
  return RESIZE(img);
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:10: warning: 'interpolate' does not take Byte 'img'{{.*}}
}

void through_a_template() {
  resize_any(torch::zeros({1, 3, 16, 16}, torch::kByte));
}

// ---- Negatives ------------------------------------------------------------

void float_frame() {
  auto frame = torch::zeros({1, 3, 16, 16}, torch::kByte).to(torch::kFloat);
  auto small = RESIZE(frame);
  auto again = RESIZE(torch::rand({1, 3, 16, 16}, torch::kDouble));
}

void nearest_and_area_are_not_judged() {
  auto frame = torch::zeros({1, 3, 16, 16}, torch::kByte);
  auto a = F::interpolate(frame, F::InterpolateFuncOptions().size(std::vector<int64_t>{8, 8}).mode(torch::kNearest));
  auto b = F::interpolate(frame, F::InterpolateFuncOptions().size(std::vector<int64_t>{8, 8}));
}

void antialias_picks_other_kernels() {
  auto frame = torch::zeros({1, 3, 16, 16}, torch::kByte);
  auto small = F::interpolate(frame, F::InterpolateFuncOptions().size(std::vector<int64_t>{8, 8}).mode(torch::kBilinear).align_corners(false).antialias(true));
}

void options_given(const F::InterpolateFuncOptions &opts) {
  auto frame = torch::zeros({1, 3, 16, 16}, torch::kByte);
  auto small = F::interpolate(frame, opts); // the mode is not known here
}

void unknown_dtype(const torch::Tensor &frame) {
  auto small = RESIZE(frame);
}

void unknown_branch() {
  auto frame = torch::zeros({1, 3, 16, 16}, torch::kByte);
  if (flag())
    frame = frame.to(torch::kFloat);
  auto small = RESIZE(frame); // Byte or Float: not known, not reported
}
