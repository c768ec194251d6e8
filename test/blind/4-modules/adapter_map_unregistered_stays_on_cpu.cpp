// scenario: a model keeps per-tenant adapters in a std::unordered_map member without registering them; model->to(cuda) moves the registered backbone only, and the tenant's adapter runs its CPU weights on the CUDA activations
// tier: 4
// family: device-mismatch
// expect: bug
// verified: source
// source: aten/src/ATen/native/Linear.cpp (v1.13.1) at::linear sends a 2-D input with a bias to at::addmm(bias, input, weight.t()); the CUDA input selects the CUDA kernel, whose generated wrapper (RegisterCUDA.cpp) runs c10::impl::check_and_update_common_device (aten/src/ATen/core/op_registration/adaption.h) over self, mat1 and mat2, and the CPU bias against the CUDA mat1 fails in common_device_check_failure: "Expected all tensors to be on the same device, but found at least two devices, cpu and cuda:0! (when checking argument for argument mat1 in method wrapper_..._addmm)"
#include <torch/torch.h>
#include <iostream>
#include <string>
#include <unordered_map>

struct TenantModelImpl : torch::nn::Module {
  TenantModelImpl(int64_t in, int64_t dim)
      : backbone(register_module("backbone", torch::nn::Sequential(torch::nn::Linear(in, dim), torch::nn::GELU()))),
        head(register_module("head", torch::nn::Linear(dim, 2))) {}

  void add_tenant(const std::string& tenant, int64_t dim) {
    adapters.emplace(tenant, torch::nn::Linear(dim, dim)); // not registered
  }

  torch::Tensor forward(const torch::Tensor& x, const std::string& tenant) {
    torch::Tensor h = backbone->forward(x);
    auto it = adapters.find(tenant);
    if (it != adapters.end()) {
      h = h + it->second->forward(h); // BUG
    }
    return head->forward(h);
  }

  torch::nn::Sequential backbone;
  torch::nn::Linear head;
  std::unordered_map<std::string, torch::nn::Linear> adapters;
};
TORCH_MODULE(TenantModel);

int main() {
  const torch::Device device(torch::kCUDA, 0);
  TenantModel model(12, 32);
  model->add_tenant("acme", 32);
  model->add_tenant("globex", 32);
  model->to(device);
  model->eval();

  torch::NoGradGuard no_grad;
  torch::Tensor batch = torch::randn({4, 12}, torch::TensorOptions().device(device));
  torch::Tensor logits = model->forward(batch, "acme");
  std::cout << "logits " << logits.sizes() << "\n";
  return 0;
}
