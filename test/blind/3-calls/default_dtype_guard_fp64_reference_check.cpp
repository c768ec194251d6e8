// scenario: numerical regression test builds a float64 reference network and its inputs inside a correctly restoring RAII default-dtype guard; production float32 work resumes after the scope
// tier: 3
// family: module-input-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>

class DefaultDtypeScope {
 public:
  explicit DefaultDtypeScope(caffe2::TypeMeta dtype) : previous_(torch::get_default_dtype()) {
    torch::set_default_dtype(dtype);
  }
  ~DefaultDtypeScope() { torch::set_default_dtype(previous_); }

 private:
  caffe2::TypeMeta previous_;
};

torch::nn::Sequential make_net() {
  return torch::nn::Sequential(torch::nn::Linear(8, 32), torch::nn::GELU(),
                               torch::nn::Linear(32, 8));
}

void copy_weights(torch::nn::Module& dst, const torch::nn::Module& src) {
  torch::NoGradGuard no_grad;
  auto s = src.parameters();
  auto d = dst.parameters();
  for (size_t i = 0; i < d.size(); ++i)
    d[i].copy_(s[i]);
}

double max_deviation(torch::nn::Sequential production, const torch::Tensor& probe_fp32) {
  torch::NoGradGuard no_grad;
  torch::Tensor reference_out;
  {
    DefaultDtypeScope fp64(caffe2::TypeMeta::Make<double>());
    auto reference = make_net();
    copy_weights(*reference, *production);
    auto probe = torch::empty(probe_fp32.sizes());
    probe.copy_(probe_fp32);
    reference_out = reference->forward(probe);
  }
  auto out = production->forward(probe_fp32);
  return (out.to(torch::kDouble) - reference_out).abs().max().item<double>();
}

int main() {
  torch::manual_seed(137);
  auto production = make_net();
  auto probe = torch::randn({16, 8});
  double dev = max_deviation(production, probe);
  std::cout << "max deviation from fp64 reference " << dev << "\n";

  auto after = production->forward(torch::randn({2, 8}));
  std::cout << "post-check output dtype " << after.dtype() << "\n";
  return dev < 1e-4 ? 0 : 1;
}
