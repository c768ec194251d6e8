// Example PyTorch C++ extension (as built by torch.utils.cpp_extension):
//   import fused_ops; fused_ops.smooth(signal, 5); fused_ops.scaled_residual(a, b, 0.5);
//   fused_ops.row_normalize(x); fused_ops.soft_clamp_compact(x, 3.0)
#include <torch/extension.h>

#include <cmath>
#include <cstdint>

// Moving-average smoothing of a float32 signal of shape {n, channels}; the
// averaging kernel is built in float64 for accuracy.
torch::Tensor smooth(int64_t n, int64_t channels) {
  auto kernel = torch::full({n, n}, 1.0 / static_cast<double>(n), torch::kDouble);
  auto signal = torch::randn({n, channels});

  auto smoothed = torch::mm(kernel, signal); // BUG(torchdtype-mixed-precision)
  auto smoothed_ok = torch::mm(kernel, signal.to(torch::kDouble)); // OK
  (void)smoothed;
  return smoothed_ok.to(torch::kFloat);
}

// a + alpha * (b @ b^T), for inputs of any floating dtype the caller chose.
torch::Tensor scaled_residual(const torch::Tensor &a, const torch::Tensor &b, double alpha) {
  TORCH_CHECK(a.scalar_type() == b.scalar_type(), "scaled_residual: a and b must have the same dtype, got ",
              a.scalar_type(), " and ", b.scalar_type());
  auto gram = torch::mm(b, b.t()); // OK
  return a + alpha * gram;
}

// Rows scaled to unit length, computed in float32 whatever dtype the caller
// passed (float16 or bfloat16 under autocast).
torch::Tensor row_normalize(torch::Tensor x) {
  x.to(torch::kFloat); // BUG(torchdtype-discarded-conversion)
  auto x32 = x.to(torch::kFloat); // OK
  return x32 / x32.norm(2, 1, true);
}

// How often each id occurs (ids: int64 from Python, e.g. token ids).
torch::Tensor id_counts(const torch::Tensor &ids, int64_t num_ids) {
  TORCH_CHECK(ids.scalar_type() == torch::kLong, "id_counts: ids must be int64");
  auto flat = ids.contiguous();
  auto counts = torch::zeros({num_ids}, flat.options());
  const long *id = flat.data_ptr<long>(); // BUG(torchdtype-non-portable-element-type)
  int64_t *count = counts.data_ptr<int64_t>(); // OK
  for (int64_t i = 0; i < flat.numel(); ++i)
    count[id[i]] += 1;
  return counts;
}

// Areas of n random boxes (x0, y0, x1, y1), kept in float16 to save memory.
torch::Tensor box_areas(int64_t n) {
  auto boxes = torch::rand({n, 4}).to(torch::kHalf);
  auto areas = torch::empty({n}, boxes.options());
  const float *b = boxes.data_ptr<float>(); // BUG(torchdtype-data-ptr-dtype)
  const at::Half *h = boxes.data_ptr<at::Half>(); // OK
  at::Half *a = areas.data_ptr<at::Half>(); // OK
  for (int64_t i = 0; i < n; ++i)
    a[i] = (float(h[4 * i + 2]) - float(h[4 * i])) * (float(h[4 * i + 3]) - float(h[4 * i + 1]));
  (void)b;
  return areas;
}

// Activations softly clamped to [-limit, limit], written for float32 and
// float64 inputs.
torch::Tensor soft_clamp(const torch::Tensor &x, double limit) {
  auto src = x.contiguous();
  auto out = torch::empty_like(src);
  AT_DISPATCH_FLOATING_TYPES(src.scalar_type(), "soft_clamp", [&] { // BUG(torchdtype-dispatch-missing-dtype)
    const scalar_t *in = src.data_ptr<scalar_t>(); // OK: the case's own dtype
    scalar_t *o = out.data_ptr<scalar_t>();
    for (int64_t i = 0; i < src.numel(); ++i)
      o[i] = static_cast<scalar_t>(limit * std::tanh(in[i] / limit));
  });
  return out;
}

// The memory-saving variant: activations stored in float16.
torch::Tensor soft_clamp_compact(const torch::Tensor &x, double limit) {
  return soft_clamp(x.to(torch::kHalf), limit);
}

// The same in float32 whatever the caller passed: fine.
torch::Tensor soft_clamp_f32(const torch::Tensor &x, double limit) {
  return soft_clamp(x.to(torch::kFloat), limit); // OK
}

// Features scaled elementwise by per-feature weights, in the precision the
// features come in (float16 and bfloat16 included).
torch::Tensor weighted_features(const torch::Tensor &x, const torch::Tensor &w) {
  TORCH_CHECK(x.size(-1) == w.numel(), "weighted_features: one weight per feature");
  auto src = x.contiguous();
  auto wc = w.contiguous();
  auto out = torch::empty_like(src);
  AT_DISPATCH_FLOATING_TYPES_AND2(at::kHalf, at::kBFloat16, src.scalar_type(), "weighted_features", [&] {
    const scalar_t *in = src.data_ptr<scalar_t>(); // OK
    const scalar_t *wp = wc.data_ptr<scalar_t>(); // BUG(torchdtype-dispatch-operand-dtype)
    scalar_t *o = out.data_ptr<scalar_t>();
    for (int64_t i = 0; i < src.numel(); ++i)
      o[i] = in[i] * wp[i % wc.numel()];
  });
  return out;
}

// The same reads, called only through fused_ops_amp.py, which casts both
// arguments to autocast's dtype first: one dtype arrives.
torch::Tensor blend_features(const torch::Tensor &x, const torch::Tensor &w) {
  TORCH_CHECK(x.size(-1) == w.numel(), "blend_features: one weight per feature");
  auto src = x.contiguous();
  auto wc = w.contiguous();
  auto out = torch::empty_like(src);
  AT_DISPATCH_FLOATING_TYPES_AND2(at::kHalf, at::kBFloat16, src.scalar_type(), "blend_features", [&] {
    const scalar_t *in = src.data_ptr<scalar_t>(); // OK
    const scalar_t *wp = wc.data_ptr<scalar_t>(); // OK: the Python wrapper casts
    scalar_t *o = out.data_ptr<scalar_t>();
    for (int64_t i = 0; i < src.numel(); ++i)
      o[i] = in[i] * wp[i % wc.numel()];
  });
  return out;
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {
  m.doc() = "torchdtype example extension";
  m.def("smooth", &smooth, "moving-average smoothing", pybind11::arg("n"), pybind11::arg("channels"));
  m.def("scaled_residual", &scaled_residual, "a + alpha * b @ b.T");
  m.def("row_normalize", &row_normalize, "rows scaled to unit length, in float32");
  m.def("id_counts", &id_counts, "how often each id occurs");
  m.def("box_areas", &box_areas, "areas of n random boxes, in float16");
  m.def("soft_clamp", &soft_clamp, "limit * tanh(x / limit), float32/float64");
  m.def("soft_clamp_compact", &soft_clamp_compact, "soft_clamp stored in float16");
  m.def("soft_clamp_f32", &soft_clamp_f32, "soft_clamp computed in float32");
  m.def("weighted_features", &weighted_features, "x * w per feature, in x's dtype");
  m.def("blend_features", &blend_features, "weighted_features, for fused_ops_amp.py");
}
