// scenario: builds a float64 reference network under a scoped default dtype, then distils its weights into the float32 serving copy
// tier: 3
// family: module-input-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>

class DefaultDtypeGuard {
public:
  explicit DefaultDtypeGuard(torch::Dtype dtype) : saved_(torch::get_default_dtype()) {
    torch::set_default_dtype(c10::scalarTypeToTypeMeta(dtype));
  }
  ~DefaultDtypeGuard() { torch::set_default_dtype(saved_); }
  DefaultDtypeGuard(const DefaultDtypeGuard &) = delete;
  DefaultDtypeGuard &operator=(const DefaultDtypeGuard &) = delete;

private:
  caffe2::TypeMeta saved_;
};

torch::nn::Sequential make_mlp(int64_t in, int64_t hidden, int64_t out) {
  return torch::nn::Sequential(torch::nn::Linear(in, hidden), torch::nn::SiLU(),
                               torch::nn::Linear(hidden, out));
}

torch::nn::Sequential build_reference(int64_t in, int64_t hidden, int64_t out) {
  DefaultDtypeGuard fp64(torch::kDouble);
  auto net = make_mlp(in, hidden, out);
  // sanity pass before handing the net out
  auto probe = torch::randn({4, in});
  auto y = net->forward(probe);
  TORCH_CHECK(torch::isfinite(y).all().item<bool>(), "reference net produced non-finite output");
  return net;
}

void copy_weights(torch::nn::Sequential &dst, const torch::nn::Sequential &src) {
  torch::NoGradGuard no_grad;
  auto dst_params = dst->parameters();
  auto src_params = src->parameters();
  TORCH_CHECK(dst_params.size() == src_params.size(), "architecture mismatch");
  for (size_t i = 0; i < dst_params.size(); ++i)
    dst_params[i].copy_(src_params[i]);
}

int main() {
  torch::manual_seed(23);
  const int64_t in = 6, hidden = 24, out = 3;

  auto reference = build_reference(in, hidden, out);
  auto serving = make_mlp(in, hidden, out);
  copy_weights(serving, reference);
  reference->eval();
  serving->eval();

  torch::NoGradGuard no_grad;
  auto requests = torch::randn({128, in});
  auto served = serving->forward(requests);
  auto exact = reference->forward(requests.to(torch::kDouble));
  auto audit = reference->forward(torch::rand({16, in}, torch::kDouble) * 2 - 1);

  auto max_err = (served.to(torch::kDouble) - exact).abs().max().item<double>();
  std::cout << "serving vs reference max error " << max_err << ", audit mean "
            << audit.mean().item<double>() << "\n";

  if (served.scalar_type() != torch::kFloat || exact.scalar_type() != torch::kDouble)
    return 1;
  return max_err < 1e-5 ? 0 : 1;
}
