// RUN: %check_clang_tidy %s torchdtype-from-blob-dtype %t
#include <torch/torch.h>
#include <cstdint>
#include <vector>

bool flag();

// ---- Positives --------------------------------------------------------------

void double_buffer_as_float() {
  double data[4] = {1.0, 2.0, 3.0, 4.0};
  auto a = torch::from_blob(data, {4});
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'from_blob' reads a buffer of 'double' (Double) as Float; the bytes are reinterpreted, not converted, and the values are wrong with no error [kb: pytorch/from-blob-dtype] [torchdtype-from-blob-dtype]
  // CHECK-MESSAGES: :[[@LINE-2]]:12: note: no dtype given: from_blob uses the default dtype, Float
  double* p = data;
  auto b = torch::from_blob(p, {4}, torch::kFloat);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'from_blob' reads a buffer of 'double' (Double) as Float; the bytes are reinterpreted, not converted, and the values are wrong with no error [kb: pytorch/from-blob-dtype] [torchdtype-from-blob-dtype]
  // CHECK-MESSAGES: :[[@LINE-2]]:37: note: dtype Float set here
  auto c = at::from_blob(p, {2, 2}, at::TensorOptions().dtype(at::kFloat));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'from_blob' reads a buffer of 'double' (Double) as Float; the bytes are reinterpreted, not converted, and the values are wrong with no error [kb: pytorch/from-blob-dtype] [torchdtype-from-blob-dtype]
  auto d = torch::from_blob(p, {2, 2}, {2, 1}, torch::kFloat32);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'from_blob' reads a buffer of 'double' (Double) as Float; the bytes are reinterpreted, not converted, and the values are wrong with no error [kb: pytorch/from-blob-dtype] [torchdtype-from-blob-dtype]
  auto e = torch::from_blob(static_cast<void*>(p), {4});
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'from_blob' reads a buffer of 'double' (Double) as Float; the bytes are reinterpreted, not converted, and the values are wrong with no error [kb: pytorch/from-blob-dtype] [torchdtype-from-blob-dtype]
}

void integer_buffers_as_float() {
  std::vector<int64_t> ids = {1, 2, 3};
  auto a = torch::from_blob(ids.data(), {3});
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'from_blob' reads a buffer of '{{long|long long|int64_t}}' (Long) as Float; the bytes are reinterpreted, not converted, and the values are wrong with no error [kb: pytorch/from-blob-dtype] [torchdtype-from-blob-dtype]
  int counts[3] = {1, 2, 3};
  int* ip = counts;
  auto b = torch::from_blob(ip, {3}, torch::TensorOptions().dtype(torch::kFloat32));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'from_blob' reads a buffer of 'int' (Int) as Float; the bytes are reinterpreted, not converted, and the values are wrong with no error [kb: pytorch/from-blob-dtype] [torchdtype-from-blob-dtype]
  auto c = torch::from_blob(ip, {3}, torch::kLong);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'from_blob' reads a buffer of 'int' (Int) as Long; the bytes are reinterpreted, not converted, and the values are wrong with no error [kb: pytorch/from-blob-dtype] [torchdtype-from-blob-dtype]
}

void float_buffer_as_double() {
  std::vector<float> v(4);
  auto a = torch::from_blob(v.data(), {4}, torch::kDouble);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'from_blob' reads a buffer of 'float' (Float) as Double; the bytes are reinterpreted, not converted, and the values are wrong with no error [kb: pytorch/from-blob-dtype] [torchdtype-from-blob-dtype]
  // CHECK-MESSAGES: :[[@LINE-2]]:44: note: dtype Double set here
}

// ---- Flow: helpers, lambdas, templates, macros, loops -----------------------

torch::TensorOptions float_options() { return torch::TensorOptions().dtype(torch::kFloat); }

void options_from_helper() {
  std::vector<double> v(4);
  auto a = torch::from_blob(v.data(), {4}, float_options());
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'from_blob' reads a buffer of 'double' (Double) as Float; the bytes are reinterpreted, not converted, and the values are wrong with no error [kb: pytorch/from-blob-dtype] [torchdtype-from-blob-dtype]
}

void in_lambda() {
  std::vector<double> v(4);
  auto wrap = [&]() { return torch::from_blob(v.data(), {4}); };
  // CHECK-MESSAGES: :[[@LINE-1]]:30: warning: 'from_blob' reads a buffer of 'double' (Double) as Float; the bytes are reinterpreted, not converted, and the values are wrong with no error [kb: pytorch/from-blob-dtype] [torchdtype-from-blob-dtype]
  wrap();
}

template <typename T>
torch::Tensor wrap_as_float(std::vector<T>& v) {
  return torch::from_blob(v.data(), {static_cast<int64_t>(v.size())}, torch::kFloat);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 'from_blob' reads a buffer of 'double' (Double) as Float; the bytes are reinterpreted, not converted, and the values are wrong with no error [kb: pytorch/from-blob-dtype] [torchdtype-from-blob-dtype]
}

void templates() {
  std::vector<float> f(4);
  std::vector<double> d(4);
  wrap_as_float(f);
  wrap_as_float(d);
}

#define WRAP(buf, n) torch::from_blob((buf), {(n)})
void in_macro() {
  double data[4] = {};
  auto a = WRAP(data, 4);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'from_blob' reads a buffer of 'double' (Double) as Float; the bytes are reinterpreted, not converted, and the values are wrong with no error [kb: pytorch/from-blob-dtype] [torchdtype-from-blob-dtype]
}

void in_loop(std::vector<std::vector<double>>& rows) {
  for (auto& row : rows) {
    auto t = torch::from_blob(row.data(), {3});
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'from_blob' reads a buffer of 'double' (Double) as Float; the bytes are reinterpreted, not converted, and the values are wrong with no error [kb: pytorch/from-blob-dtype] [torchdtype-from-blob-dtype]
  }
}

// ---- Negatives --------------------------------------------------------------

void matching_dtypes() {
  std::vector<double> d(4);
  auto a = torch::from_blob(d.data(), {4}, torch::kDouble);
  auto b = torch::from_blob(d.data(), {4}, torch::TensorOptions().dtype(torch::kFloat64));
  std::vector<int64_t> ids(4);
  auto c = torch::from_blob(ids.data(), {4}, torch::kLong);
  std::vector<float> f(4);
  auto e = torch::from_blob(f.data(), {4});
  int32_t i32[4] = {};
  auto g = torch::from_blob(i32, {4}, torch::kInt);
  bool mask[4] = {};
  auto h = torch::from_blob(mask, {4}, torch::kBool);
}

void raw_byte_buffers(void* raw, char* bytes, uint8_t* pixels) {
  // void*, char* and uint8_t* buffers are raw bytes of anything.
  auto a = torch::from_blob(raw, {4});
  auto b = torch::from_blob(bytes, {4}, torch::kFloat);
  auto c = torch::from_blob(pixels, {4}, torch::kByte);
  auto d = torch::from_blob(pixels, {1}, torch::kFloat);
}

void reinterpret_cast_states_intent() {
  double data[4] = {};
  auto a = torch::from_blob(reinterpret_cast<float*>(data), {8});
  auto b = torch::from_blob(reinterpret_cast<void*>(data), {8}, torch::kFloat);
}

void default_dtype_double() {
  torch::set_default_dtype(caffe2::TypeMeta::Make<double>());
  std::vector<double> d(4);
  auto a = torch::from_blob(d.data(), {4});
}

void dtype_on_one_path_only() {
  std::vector<double> d(4);
  auto opts = torch::TensorOptions().dtype(torch::kDouble);
  if (flag())
    opts = opts.dtype(torch::kFloat);
  auto a = torch::from_blob(d.data(), {4}, opts);
}

void unknown_options(const torch::TensorOptions& opts) {
  std::vector<double> d(4);
  auto a = torch::from_blob(d.data(), {4}, opts);
}
