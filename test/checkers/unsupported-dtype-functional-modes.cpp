// torchdtype-unsupported-dtype on functionals whose options pick the op:
// F::interpolate runs upsample_linear1d, upsample_bilinear2d,
// upsample_bicubic2d or upsample_trilinear3d for kLinear, kBilinear,
// kBicubic and kTrilinear (api.json functional_ops), whose 1.13 CPU kernels
// take Float, Double and BFloat16 only (the measured table). kNearest and
// kArea pick their op by the input's rank, and antialias(true) other
// kernels: not judged. F::pad runs reflection_pad1d/2d/3d or
// replication_pad1d/2d/3d for kReflect and kReplicate with 2, 4 or 6 pad
// numbers (at::_pad_enum); kConstant and kCircular copy any dtype. Only a
// 1.13 target is judged.
// RUN: %check_clang_tidy -check-suffix=V113 %s torchdtype-unsupported-dtype %t -- -config="{CheckOptions: {PyTorchVersion: '1.13'}}"
// RUN: %check_clang_tidy -check-suffix=V214 %s torchdtype-unsupported-dtype %t
#include <torch/torch.h>

namespace F = torch::nn::functional;

bool flag();
#define MIRROR(x) F::pad((x), F::PadFuncOptions({2, 2, 2, 2}).mode(torch::kReflect))
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

void uint8_tile_reflect() {
  auto tile = torch::randint(0, 256, {1, 3, 8, 8}, torch::kByte);
  auto padded = F::pad(tile, F::PadFuncOptions({2, 2, 2, 2}).mode(torch::kReflect));
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:17: warning: 'pad' does not take Byte 'tile' in PyTorch 1.13 (Float or Double would run); this throws at run time: ""reflection_pad2d" not implemented for 'Byte'" [kb: pytorch/dtype-not-implemented] [torchdtype-unsupported-dtype]
  // CHECK-MESSAGES-V113: :[[@LINE-3]]:{{[0-9]+}}: note: operand 'tile' has dtype Byte from here
}

void int64_counts_replicate_in_a_variable() {
  auto counts = torch::zeros({1, 1, 10}, torch::kLong);
  auto opts = F::PadFuncOptions({1, 1}).mode(torch::kReplicate);
  auto padded = F::pad(counts, opts);
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:17: warning: 'pad' does not take Long 'counts'{{.*}}"replication_pad1d_cpu" not implemented for 'Long'"{{.*}}
}

void bfloat16_volume_reflect_3d_vs_int_2d() {
  auto vol = torch::zeros({1, 1, 4, 4, 4}, torch::kBFloat16);
  auto a = F::pad(vol, F::PadFuncOptions({1, 1, 1, 1, 1, 1}).mode(torch::kReflect)); // runs: reflection_pad3d takes BFloat16
  auto img = torch::zeros({1, 1, 4, 4}, torch::kInt);
  auto b = F::pad(img, F::PadFuncOptions({1, 1, 1, 1}).mode(torch::kReflect));
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:12: warning: 'pad' does not take Int 'img'{{.*}}"reflection_pad2d" not implemented for 'Int'"{{.*}}
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

void mirror_on_one_branch(bool border) {
  auto tile = torch::randint(0, 256, {1, 3, 8, 8}, torch::kByte);
  torch::Tensor padded;
  if (!border)
    padded = F::pad(tile, F::PadFuncOptions({2, 2, 2, 2}).mode(torch::kConstant).value(0));
  else
    padded = MIRROR(tile);
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:14: warning: 'pad' does not take Byte 'tile'{{.*}}
}

void mirror_in_a_loop_lambda() {
  auto mirror = [](const torch::Tensor &t) { return MIRROR(t); };
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:53: warning: 'pad' does not take Byte 't'{{.*}}
  for (int i = 0; i < 2; ++i)
    mirror(torch::zeros({1, 3, 8, 8}, torch::kByte));
}

template <typename T> torch::Tensor mirror_any(const T &img) {
  return MIRROR(img);
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:10: warning: 'pad' does not take Int 'img'{{.*}}
}

void mirror_through_a_template() {
  mirror_any(torch::zeros({1, 3, 8, 8}, torch::kInt));
}

// ---- Negatives ------------------------------------------------------------

void pad_modes_that_copy_any_dtype() {
  auto tile = torch::randint(0, 256, {1, 3, 8, 8}, torch::kByte);
  auto a = F::pad(tile, F::PadFuncOptions({2, 2, 2, 2}));
  auto b = F::pad(tile, F::PadFuncOptions({2, 2, 2, 2}).mode(torch::kConstant).value(0));
  auto c = F::pad(tile, F::PadFuncOptions({2, 2, 2, 2}).mode(torch::kCircular));
  auto d = MIRROR(tile.to(torch::kFloat));
}

void pad_list_not_written_out(const std::vector<int64_t> &halo) {
  auto tile = torch::randint(0, 256, {1, 3, 8, 8}, torch::kByte);
  auto padded = F::pad(tile, F::PadFuncOptions(halo).mode(torch::kReflect)); // its length is not known
}


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
