// scenario: session encoder module pools item ids with EmbeddingBag using int32 ids and int32 offsets from a compact session log
// tier: 4
// family: module-input-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <cstdint>
#include <iostream>
#include <vector>

struct SessionLog {
  std::vector<int32_t> item_ids;
  std::vector<int32_t> starts;
};

class SessionEncoderImpl : public torch::nn::Module {
 public:
  SessionEncoderImpl(int64_t items, int64_t dim)
      : bag_(register_module("bag", torch::nn::EmbeddingBag(
                                        torch::nn::EmbeddingBagOptions(items, dim).mode(torch::kMean)))),
        head_(register_module("head", torch::nn::Linear(dim, 2))) {}

  torch::Tensor forward(const torch::Tensor& ids, const torch::Tensor& offsets) {
    // EmbeddingBag takes Int or Long ids (ids and offsets of one dtype).
    return head_->forward(bag_->forward(ids, offsets));
  }

 private:
  torch::nn::EmbeddingBag bag_;
  torch::nn::Linear head_;
};
TORCH_MODULE(SessionEncoder);

int main() {
  torch::manual_seed(109);
  SessionLog log{{3, 7, 7, 1, 4, 9, 2, 2, 5}, {0, 3, 5}};
  torch::Tensor ids = torch::tensor(log.item_ids, torch::kInt32);
  torch::Tensor offsets = torch::tensor(log.starts, torch::kInt32);

  SessionEncoder enc(10, 6);
  torch::Tensor logits = enc->forward(ids, offsets);
  torch::Tensor intent = logits.argmax(1);
  std::cout << "session logits\n" << logits << "\nintent " << intent << "\n";
  return 0;
}
