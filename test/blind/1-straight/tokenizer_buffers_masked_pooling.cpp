// scenario: wraps a tokenizer's int64 ids and int32 attention mask with from_blob, mean-pools embeddings and scores intents
// tier: 1
// family: from-blob-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>

#include <cstdint>
#include <iostream>
#include <vector>

int main() {
  torch::manual_seed(3);
  const int64_t kBatch = 3;
  const int64_t kSeqLen = 8;
  const int64_t kVocab = 120;
  const int64_t kEmbedDim = 16;
  const int64_t kNumIntents = 4;

  // Buffers as the tokenizer's C interface fills them: ids are int64,
  // the attention mask is int32, the gold intents come back as int32.
  std::vector<int64_t> tokenIds = {101, 7,  45, 99, 102, 0, 0, 0,
                                   101, 12, 13, 14, 15,  16, 17, 102,
                                   101, 88, 102, 0, 0,   0, 0, 0};
  std::vector<int32_t> attention = {1, 1, 1, 1, 1, 0, 0, 0,
                                    1, 1, 1, 1, 1, 1, 1, 1,
                                    1, 1, 1, 0, 0, 0, 0, 0};
  std::vector<int32_t> goldIntents = {2, 0, 3};

  torch::Tensor ids = torch::from_blob(tokenIds.data(), {kBatch, kSeqLen}, torch::kInt64);
  torch::Tensor mask = torch::from_blob(attention.data(), {kBatch, kSeqLen}, torch::kInt32);
  torch::Tensor intents = torch::tensor(goldIntents);

  torch::Tensor table = torch::randn({kVocab, kEmbedDim});
  torch::Tensor tokens = torch::embedding(table, ids);

  // Masked mean over the real tokens only.
  torch::Tensor keep = mask.unsqueeze(-1).to(torch::kFloat);
  torch::Tensor summed = (tokens * keep).sum(1);
  torch::Tensor lengths = mask.sum(1, /*keepdim=*/true);
  torch::Tensor pooled = summed / lengths.clamp_min(1);

  // The embedding of each sequence's last real token ([SEP]).
  torch::Tensor lastPos = lengths - 1;
  torch::Tensor lastIds = ids.gather(1, lastPos);
  torch::Tensor sepEmbedding = torch::index_select(table, 0, lastIds.squeeze(1));

  torch::Tensor features = torch::cat({pooled, sepEmbedding}, 1);
  torch::Tensor head = torch::randn({2 * kEmbedDim, kNumIntents}) * 0.1;
  torch::Tensor logits = torch::mm(features, head);
  torch::Tensor loss = torch::nn::functional::cross_entropy(logits, intents);

  torch::Tensor padded = torch::where(mask.to(torch::kBool), ids, torch::zeros_like(ids));
  std::cout << "pooled " << pooled.sizes() << " loss " << loss.item<float>()
            << " non-pad tokens " << padded.ne(0).sum().item<int64_t>() << "\n";
  return 0;
}
