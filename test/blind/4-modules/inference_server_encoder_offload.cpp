// scenario: an inference server offloads only the heavy encoder child of its model to the GPU and keeps the small classifier head on the host
// tier: 4
// family: device-mismatch
// expect: bug
// verified: source
// source: aten/src/ATen/core/op_registration/adaption.h (PyTorch v1.13.1), c10::impl::check_and_update_common_device, called by the generated CUDA wrapper of addmm (RegisterCUDA.cpp, wrapper_addmm) for at::linear's bias/input; common_device_check_failure raises "Expected all tensors to be on the same device, but found at least two devices, cuda:0 and cpu!"
// raises: Expected all tensors to be on the same device
#include <torch/torch.h>
#include <iostream>
#include <string>
#include <vector>

namespace {

struct ServerConfig {
  torch::Device device = torch::cuda::is_available() ? torch::Device(torch::kCUDA, 0) : torch::Device(torch::kCPU);
  int64_t max_batch = 8;
};

class IntentModelImpl : public torch::nn::Module {
public:
  IntentModelImpl(int64_t vocab, int64_t dim, int64_t intents) {
    embed = register_module("embed", torch::nn::Embedding(vocab, dim));
    encoder = register_module("encoder", torch::nn::Sequential(
        torch::nn::Linear(dim, 4 * dim), torch::nn::GELU(), torch::nn::Linear(4 * dim, dim)));
    head = register_module("head", torch::nn::Linear(dim, intents));
  }
  torch::Tensor forward(const torch::Tensor &token_ids) {
    auto device = encoder->parameters().front().device();
    auto pooled = embed(token_ids).mean(1);
    auto hidden = encoder->forward(pooled.to(device));
    return head(hidden); // BUG
  }
  torch::nn::Embedding embed{nullptr};
  torch::nn::Sequential encoder{nullptr};
  torch::nn::Linear head{nullptr};
};
TORCH_MODULE(IntentModel);

class InferenceServer {
public:
  explicit InferenceServer(ServerConfig cfg) : cfg_(cfg), model_(30000, 256, 40) {
    model_->eval();
    // The encoder dominates FLOPs; the head and the embedding table stay on the host.
    model_->encoder->to(cfg_.device);
  }
  std::vector<int64_t> handle(const std::vector<torch::Tensor> &requests) {
    torch::NoGradGuard no_grad;
    auto batch = torch::stack(requests);
    auto intents = model_(batch).argmax(1).cpu();
    return std::vector<int64_t>(intents.data_ptr<int64_t>(), intents.data_ptr<int64_t>() + intents.numel());
  }

private:
  ServerConfig cfg_;
  IntentModel model_;
};

} // namespace

int main() {
  InferenceServer server{ServerConfig{}};
  std::vector<torch::Tensor> requests = {torch::randint(30000, {24}), torch::randint(30000, {24})};
  for (int64_t intent : server.handle(requests)) std::cout << "intent " << intent << "\n";
  return 0;
}
